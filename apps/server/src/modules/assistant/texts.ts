import type { AssistantLanguage, EmergencyKind, RequestDetail } from '@commonwise/contracts';

/**
 * What the assistant says that depends on the analysis: safety instructions for each emergency, and
 * the question for each missing detail, in English and Spanish. The safety texts are deliberately
 * conservative: leave, then call for help from a safe place; never investigate a hazard.
 */

const safety: Record<EmergencyKind, Record<AssistantLanguage, string>> = {
  gas_leak: {
    en:
      'If you smell gas, leave now and take everyone with you. Do not switch lights or appliances on or off, ' +
      'do not use a lighter or a match, and do not use your phone until you are outside. Do not try to find the ' +
      "leak. Leave the door open behind you if you can. Once you are outside and away from the building, call the gas company's " +
      'emergency line or 911. Do not go back in until the gas company or the fire department says it is safe.',
    es:
      'Si huele a gas, salga ahora y lleve a todos con usted. No encienda ni apague luces ni aparatos, no use ' +
      'encendedores ni fósforos, y no use el teléfono hasta estar afuera. No busque la fuga. Si puede, deje la puerta ' +
      'abierta al salir. Cuando esté afuera y lejos del edificio, llame a la línea de emergencias de la compañía de gas ' +
      'o al 911. No vuelva a entrar hasta que la compañía de gas o los bomberos digan que es seguro.',
  },
  fire_smoke: {
    en:
      'If there is fire or smoke, get out now and call 911 once you are outside. Warn others on your way out and pull ' +
      'the fire alarm if there is one. Do not use the elevator. Before opening a closed door, feel it with the back of ' +
      'your hand: if it is hot, use another way out. Stay low under smoke and close doors behind you. Only try to put ' +
      'out a very small fire if you have an extinguisher and a clear way out; otherwise leave. Do not go back inside.',
    es:
      'Si hay fuego o humo, salga ahora y llame al 911 cuando esté afuera. Avise a los demás al salir y active la ' +
      'alarma de incendios si hay una. No use el elevador. Antes de abrir una puerta cerrada, tóquela con el dorso de ' +
      'la mano: si está caliente, use otra salida. Manténgase agachado bajo el humo y cierre las puertas detrás de ' +
      'usted. Solo intente apagar un fuego muy pequeño si tiene un extintor y una salida despejada; si no, salga. No ' +
      'vuelva a entrar.',
  },
  flooding: {
    en:
      'Stay away from water that is near outlets, appliances, extension cords or the electrical panel, and do not walk ' +
      'through it if it may touch electricity. If you can reach it safely, turn off the water at the valve under the ' +
      "fixture or at your unit's main shut-off valve. If you can do it without standing in water, switch off the " +
      'breakers for the wet area. Keep out of any room where the ceiling sags or bulges. If anyone is in danger, call 911.',
    es:
      'Aléjese del agua que esté cerca de enchufes, aparatos, extensiones o del panel eléctrico, y no camine por ella si ' +
      'puede tocar la electricidad. Si puede llegar sin peligro, cierre la llave de paso bajo el aparato o la llave ' +
      'general de su vivienda. Si puede hacerlo sin pisar agua, apague los interruptores del área mojada. No entre a ' +
      'un cuarto donde el techo esté hundido o abultado. Si alguien está en peligro, llame al 911.',
  },
  electrical_hazard: {
    en:
      'Keep away from the sparking outlet, switch or bare wires, and keep children and pets away. Do not touch them, ' +
      'or anything touching them, and never use water on them. If you can reach your breaker panel safely, with dry ' +
      'hands and a dry floor, switch off the breaker for that area or the main breaker. If you see smoke or flames, ' +
      'or the burning smell gets stronger, leave and call 911 from outside. If someone has been shocked, do not touch ' +
      'them while they may still touch the source; call 911.',
    es:
      'Aléjese del enchufe, interruptor o cables pelados que sueltan chispas, y mantenga lejos a niños y mascotas. No ' +
      'los toque, ni nada que los toque, y nunca les eche agua. Si puede llegar al panel eléctrico sin peligro, con ' +
      'las manos y el piso secos, apague el interruptor de esa zona o el principal. Si ve humo o llamas, o el olor a ' +
      'quemado aumenta, salga y llame al 911 desde afuera. Si alguien recibió una descarga, no lo toque mientras ' +
      'pueda seguir en contacto con la fuente; llame al 911.',
  },
  no_heat_freezing: {
    en:
      'While the heat is out, keep everyone warm: layers, blankets, and one room with the door closed. Use only space ' +
      'heaters made for indoor use, keep them 3 feet (1 m) from anything that can burn, and turn them off when you ' +
      'sleep or leave. Never heat your home with an oven, a stove, a grill or a generator: they can cause ' +
      'carbon-monoxide poisoning. To keep pipes from freezing, let faucets drip and open the cabinet doors under ' +
      'sinks. If anyone is very cold, confused or unwell (especially babies, older people or anyone who is ill), go ' +
      'somewhere warm, and call 911 if they need medical help.',
    es:
      'Mientras no haya calefacción, mantenga a todos abrigados: varias capas de ropa, cobijas y un solo cuarto con la ' +
      'puerta cerrada. Use solo calentadores eléctricos hechos para interiores, a 1 metro (3 pies) de cualquier cosa ' +
      'que pueda quemarse, y apáguelos al dormir o al salir. Nunca caliente su casa con el horno, la estufa, una ' +
      'parrilla o un generador: pueden causar intoxicación por monóxido de carbono. Para que no se congelen las ' +
      'tuberías, deje gotear las llaves y abra las puertas de los gabinetes bajo los fregaderos. Si alguien tiene ' +
      'mucho frío, está confundido o se siente mal (sobre todo bebés, personas mayores o enfermas), vaya a un lugar ' +
      'cálido y llame al 911 si necesita atención médica.',
  },
  carbon_monoxide: {
    en:
      'A carbon-monoxide alarm means get out now: take everyone, and pets, outside into fresh air right away. Do not ' +
      'stop to open windows or look for the cause. Call 911 or the fire department once you are outside. If anyone ' +
      'has a headache, dizziness, nausea, confusion or sleepiness, tell the dispatcher: they need medical help. Do ' +
      'not go back inside until the fire department says it is safe, even if the alarm stops.',
    es:
      'Una alarma de monóxido de carbono significa salir ahora: lleve a todos, también a las mascotas, afuera al aire ' +
      'libre de inmediato. No se detenga a abrir ventanas ni a buscar la causa. Llame al 911 o a los bomberos cuando ' +
      'esté afuera. Si alguien tiene dolor de cabeza, mareo, náuseas, confusión o somnolencia, dígaselo al operador: ' +
      'necesita atención médica. No vuelva a entrar hasta que los bomberos digan que es seguro, aunque la alarma se ' +
      'detenga.',
  },
  injury: {
    en:
      'If someone is hurt, call 911 now if it may be serious: heavy bleeding, a head injury, trouble breathing, not ' +
      'responding, unable to move, or a possible broken bone. Do not move the person unless they are in danger where ' +
      'they are. Press firmly on any bleeding with a clean cloth. Stay with them until help arrives; if they are not ' +
      'breathing and you know how, start CPR. Keep others away from whatever caused the injury.',
    es:
      'Si alguien está herido, llame al 911 ahora si puede ser grave: sangrado abundante, un golpe en la cabeza, ' +
      'dificultad para respirar, no responde, no se puede mover o puede tener un hueso roto. No mueva a la persona a ' +
      'menos que esté en peligro donde está. Presione con firmeza cualquier herida que sangre con un paño limpio. ' +
      'Quédese con ella hasta que llegue la ayuda; si no respira y sabe cómo hacerlo, empiece la RCP. Mantenga a los ' +
      'demás lejos de lo que causó la lesión.',
  },
};

/** Safety instructions for an emergency, to send before anything else. */
export function safetyInstructions(kind: EmergencyKind, language: AssistantLanguage = 'en'): string {
  return safety[kind][language];
}

const questions: Record<RequestDetail, Record<AssistantLanguage, string>> = {
  what: {
    en: 'What is the problem? Tell me what is broken or not working.',
    es: '¿Cuál es el problema? Cuénteme qué está roto o qué no funciona.',
  },
  where: {
    en: 'Where is it: in your unit (which room?) or in a common area (which one)?',
    es: '¿Dónde está: en su vivienda (¿en qué cuarto?) o en un área común (¿cuál?)?',
  },
  urgency: {
    en: 'How urgent is it? Is it getting worse or stopping you from using something, or can it wait a few days?',
    es: '¿Qué tan urgente es? ¿Está empeorando o le impide usar algo, o puede esperar unos días?',
  },
  entry: {
    en: 'If you are not home, may our maintenance team enter your unit to fix it?',
    es: 'Si no está en casa, ¿puede entrar nuestro equipo de mantenimiento a su vivienda para repararlo?',
  },
};

/** The question that asks the resident for a missing detail. */
export function followUpQuestion(detail: RequestDetail, language: AssistantLanguage = 'en'): string {
  return questions[detail][language];
}
