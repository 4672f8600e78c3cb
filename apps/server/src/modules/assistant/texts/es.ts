import type { AssistantTexts } from './types.ts';

/** What the built-in assistant says in Spanish. */
export const es: AssistantTexts = {
  safety: {
    gas_leak:
      'Si huele a gas, salga ahora y lleve a todos con usted. No encienda ni apague luces ni aparatos, no use ' +
      'encendedores ni fósforos, y no use el teléfono hasta estar afuera. No busque la fuga. Si puede, deje la puerta ' +
      'abierta al salir. Cuando esté afuera y lejos del edificio, llame a la línea de emergencias de la compañía de gas ' +
      'o al 911. No vuelva a entrar hasta que la compañía de gas o los bomberos digan que es seguro.',
    fire_smoke:
      'Si hay fuego o humo, salga ahora y llame al 911 cuando esté afuera. Avise a los demás al salir y active la ' +
      'alarma de incendios si hay una. No use el elevador. Antes de abrir una puerta cerrada, tóquela con el dorso de ' +
      'la mano: si está caliente, use otra salida. Manténgase agachado bajo el humo y cierre las puertas detrás de ' +
      'usted. Solo intente apagar un fuego muy pequeño si tiene un extintor y una salida despejada; si no, salga. No ' +
      'vuelva a entrar.',
    flooding:
      'Aléjese del agua que esté cerca de enchufes, aparatos, extensiones o del panel eléctrico, y no camine por ella si ' +
      'puede tocar la electricidad. Si puede llegar sin peligro, cierre la llave de paso bajo el aparato o la llave ' +
      'general de su vivienda. Si puede hacerlo sin pisar agua, apague los interruptores del área mojada. No entre a ' +
      'un cuarto donde el techo esté hundido o abultado. Si alguien está en peligro, llame al 911.',
    electrical_hazard:
      'Aléjese del enchufe, interruptor o cables pelados que sueltan chispas, y mantenga lejos a niños y mascotas. No ' +
      'los toque, ni nada que los toque, y nunca les eche agua. Si puede llegar al panel eléctrico sin peligro, con ' +
      'las manos y el piso secos, apague el interruptor de esa zona o el principal. Si ve humo o llamas, o el olor a ' +
      'quemado aumenta, salga y llame al 911 desde afuera. Si alguien recibió una descarga, no lo toque mientras ' +
      'pueda seguir en contacto con la fuente; llame al 911.',
    no_heat_freezing:
      'Mientras no haya calefacción, mantenga a todos abrigados: varias capas de ropa, cobijas y un solo cuarto con la ' +
      'puerta cerrada. Use solo calentadores eléctricos hechos para interiores, a 1 metro (3 pies) de cualquier cosa ' +
      'que pueda quemarse, y apáguelos al dormir o al salir. Nunca caliente su casa con el horno, la estufa, una ' +
      'parrilla o un generador: pueden causar intoxicación por monóxido de carbono. Para que no se congelen las ' +
      'tuberías, deje gotear las llaves y abra las puertas de los gabinetes bajo los fregaderos. Si alguien tiene ' +
      'mucho frío, está confundido o se siente mal (sobre todo bebés, personas mayores o enfermas), vaya a un lugar ' +
      'cálido y llame al 911 si necesita atención médica.',
    carbon_monoxide:
      'Una alarma de monóxido de carbono significa salir ahora: lleve a todos, también a las mascotas, afuera al aire ' +
      'libre de inmediato. No se detenga a abrir ventanas ni a buscar la causa. Llame al 911 o a los bomberos cuando ' +
      'esté afuera. Si alguien tiene dolor de cabeza, mareo, náuseas, confusión o somnolencia, dígaselo al operador: ' +
      'necesita atención médica. No vuelva a entrar hasta que los bomberos digan que es seguro, aunque la alarma se ' +
      'detenga.',
    injury:
      'Si alguien está herido, llame al 911 ahora si puede ser grave: sangrado abundante, un golpe en la cabeza, ' +
      'dificultad para respirar, no responde, no se puede mover o puede tener un hueso roto. No mueva a la persona a ' +
      'menos que esté en peligro donde está. Presione con firmeza cualquier herida que sangre con un paño limpio. ' +
      'Quédese con ella hasta que llegue la ayuda; si no respira y sabe cómo hacerlo, empiece la RCP. Mantenga a los ' +
      'demás lejos de lo que causó la lesión.',
    person_trapped:
      'Si alguien está atrapado y en peligro — sin aire, con humo, con agua que sube, un niño o alguien que se siente ' +
      'mal — llame al 911 ahora. Quien esté atrapado en un elevador debe presionar el botón de alarma o de llamada, ' +
      'mantener la calma y quedarse adentro: no intente forzar las puertas ni salir por arriba, y que nadie afuera ' +
      'intente abrirlas a la fuerza. Háblele a la persona a través de la puerta y manténgala tranquila hasta que ' +
      'llegue la ayuda. Si un niño quedó encerrado en un carro o en un cuarto, llame al 911 de inmediato.',
    structural_danger:
      'Saque a todos del cuarto, y del edificio si una pared, un piso, un balcón o una escalera se mueve, se agrieta ' +
      'o cede. No se quede debajo de un techo que está hundido, abultado o goteando, y no lo toque. Si hay agua, ' +
      'apague la electricidad de esa zona solo si puede llegar al panel sin pasar por debajo ni pisar agua. Si ' +
      'alguien está herido o atrapado, o el edificio puede derrumbarse, llame al 911.',
    break_in:
      'Si alguien está entrando a la fuerza o ya está adentro, póngase a salvo: salga si puede hacerlo sin peligro, o ' +
      'enciérrese en un cuarto, guarde silencio y llame al 911. No enfrente al intruso. Cuando esté a salvo, dígale ' +
      'al operador su dirección y su unidad, y no cuelgue. No toque nada que el intruso pueda haber tocado hasta que ' +
      'llegue la policía.',
  },
  questions: {
    what: '¿Cuál es el problema? Cuénteme qué está roto o qué no funciona.',
    where: '¿Dónde está: en su vivienda (¿en qué cuarto?) o en un área común (¿cuál?)?',
    urgency: '¿Qué tan urgente es? ¿Está empeorando o le impide usar algo, o puede esperar unos días?',
    entry: 'Si no está en casa, ¿puede entrar nuestro equipo de mantenimiento a su vivienda para repararlo?',
  },
  statusNames: {
    new: 'recibida',
    pending: 'en espera',
    in_progress: 'en curso',
    completed: 'terminada',
    cancelled: 'cancelada',
  },
  replies: {
    created: (ref, summary, manager) =>
      `Gracias — abrí la orden de trabajo ${ref} ("${summary}"). ${manager ? `${manager}, su administrador de la propiedad,` : 'Su administrador de la propiedad'} fue añadido a su sala de trabajo, donde puede seguir el avance y hablar con quienes la atienden.`,
    emergencyCreated: (ref, manager) =>
      `Abrí la orden de trabajo de emergencia ${ref} y avisé de inmediato a ${manager ?? 'su administrador'}. Siga primero los pasos de seguridad de arriba; puede seguir la orden en su sala de trabajo.`,
    escalated: (manager) =>
      `Pedí a ${manager ?? 'su administrador'} que intervenga. Le responderá en la sala de trabajo lo antes posible.`,
    noProperty:
      'Puedo abrir solicitudes de mantenimiento para residentes de una propiedad. Su cuenta no está vinculada a una unidad, así que no creé nada; por favor contacte a su administrador.',
    photosAdded: (ref) =>
      `Gracias: su foto ya está en la orden de trabajo ${ref}, donde su administrador y el proveedor pueden verla.`,
    photosWhat:
      'Gracias por la foto. ¿Cuál es el problema y dónde está? Dígamelo en pocas palabras y abriré una solicitud con su foto adjunta.',
    noWorkOrders: 'Todavía no tiene órdenes de trabajo. Dígame qué hay que reparar y abriré una.',
    statusIntro: 'Así van sus solicitudes:',
    citedAnswer: (name, section, page, quote) =>
      `Esto dicen los documentos de su asociación — "${name}", ${section ? `${section.replace(/^Section/, 'Sección')}, ` : ''}página ${page}:\n"${quote}"\nEs una cita textual (en el idioma del documento); su administrador puede confirmar cómo se aplica a su caso.`,
    documentNotFound: (manager) =>
      `No encontré la respuesta en los documentos de su asociación, así que pedí a ${manager ?? 'su administrador'} que le responda.`,
    modelUnavailable:
      'Nuestro modelo de IA no responde en este momento, así que le ayuda el asistente integrado.',
    greeting: (name) =>
      `¡Hola ${name}! Puedo abrir solicitudes de mantenimiento, decirle cómo van sus solicitudes, responder preguntas con los documentos de su asociación o pedir ayuda a una persona. ¿En qué le ayudo?`,
    acknowledgement: '¡Con gusto! Aquí estoy si necesita algo más.',
    complaintFiled: (ref, manager) =>
      `Gracias por avisarnos. Pasé su reporte a ${manager ?? 'su administrador'} como ${ref}; lo revisará y le dará seguimiento en su sala de trabajo.`,
    cancelled: (ref, summary) => `Listo: cancelé la orden de trabajo ${ref} ("${summary}").`,
    cancelWhich: '¿Qué solicitud debo cancelar? Dígame su número (por ejemplo #1a2b3c4d) o de qué se trata.',
    cancelNothingOpen: 'No tiene solicitudes abiertas para cancelar.',
    cancelAskedManager: (ref, manager) =>
      `Ya se empezó a trabajar en ${ref}, así que pedí a ${manager ?? 'su administrador'} que la cancele o la cambie con usted en su sala de trabajo.`,
    handedOver: (topic, manager) =>
      `${
        {
          billing: 'Las preguntas sobre cuotas, saldos y pagos',
          lease: 'Las preguntas sobre alquiler, venta o mudanzas',
          amenity: 'Las preguntas sobre áreas comunes y reservaciones',
          other: 'Las preguntas como esta',
        }[topic]
      } las responde ${manager ?? 'su administrador'}: le pasé la suya y le responderá en la sala de trabajo.`,
    unclearUrgent: (manager) =>
      `Si alguien está en peligro, llame al 911 ahora. Avisé a ${manager ?? 'su administrador'} para que se comunique con usted de inmediato.`,
    emptyMessage: 'No recibí ningún texto. ¿En qué le puedo ayudar?',
  },
};
