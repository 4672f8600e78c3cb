import type { AssistantTexts } from './types.ts';

/** What the built-in assistant says in English. */
export const en: AssistantTexts = {
  safety: {
    gas_leak:
      'If you smell gas, leave now and take everyone with you. Do not switch lights or appliances on or off, ' +
      'do not use a lighter or a match, and do not use your phone until you are outside. Do not try to find the ' +
      "leak. Leave the door open behind you if you can. Once you are outside and away from the building, call the gas company's " +
      'emergency line or 911. Do not go back in until the gas company or the fire department says it is safe.',
    fire_smoke:
      'If there is fire or smoke, get out now and call 911 once you are outside. Warn others on your way out and pull ' +
      'the fire alarm if there is one. Do not use the elevator. Before opening a closed door, feel it with the back of ' +
      'your hand: if it is hot, use another way out. Stay low under smoke and close doors behind you. Only try to put ' +
      'out a very small fire if you have an extinguisher and a clear way out; otherwise leave. Do not go back inside.',
    flooding:
      'Stay away from water that is near outlets, appliances, extension cords or the electrical panel, and do not walk ' +
      'through it if it may touch electricity. If you can reach it safely, turn off the water at the valve under the ' +
      "fixture or at your unit's main shut-off valve. If you can do it without standing in water, switch off the " +
      'breakers for the wet area. Keep out of any room where the ceiling sags or bulges. If anyone is in danger, call 911.',
    electrical_hazard:
      'Keep away from the sparking outlet, switch or bare wires, and keep children and pets away. Do not touch them, ' +
      'or anything touching them, and never use water on them. If you can reach your breaker panel safely, with dry ' +
      'hands and a dry floor, switch off the breaker for that area or the main breaker. If you see smoke or flames, ' +
      'or the burning smell gets stronger, leave and call 911 from outside. If someone has been shocked, do not touch ' +
      'them while they may still touch the source; call 911.',
    no_heat_freezing:
      'While the heat is out, keep everyone warm: layers, blankets, and one room with the door closed. Use only space ' +
      'heaters made for indoor use, keep them 3 feet (1 m) from anything that can burn, and turn them off when you ' +
      'sleep or leave. Never heat your home with an oven, a stove, a grill or a generator: they can cause ' +
      'carbon-monoxide poisoning. To keep pipes from freezing, let faucets drip and open the cabinet doors under ' +
      'sinks. If anyone is very cold, confused or unwell (especially babies, older people or anyone who is ill), go ' +
      'somewhere warm, and call 911 if they need medical help.',
    carbon_monoxide:
      'A carbon-monoxide alarm means get out now: take everyone, and pets, outside into fresh air right away. Do not ' +
      'stop to open windows or look for the cause. Call 911 or the fire department once you are outside. If anyone ' +
      'has a headache, dizziness, nausea, confusion or sleepiness, tell the dispatcher: they need medical help. Do ' +
      'not go back inside until the fire department says it is safe, even if the alarm stops.',
    injury:
      'If someone is hurt, call 911 now if it may be serious: heavy bleeding, a head injury, trouble breathing, not ' +
      'responding, unable to move, or a possible broken bone. Do not move the person unless they are in danger where ' +
      'they are. Press firmly on any bleeding with a clean cloth. Stay with them until help arrives; if they are not ' +
      'breathing and you know how, start CPR. Keep others away from whatever caused the injury.',
    person_trapped:
      'If someone is trapped and in danger — no air, smoke, water rising, a child or anyone unwell — call 911 now. ' +
      'Someone stuck in an elevator should press the alarm or call button, stay calm and stay inside: do not try to ' +
      'force the doors or climb out, and do not let anyone outside pry them open. Talk to the person through the ' +
      'door and keep them calm until help arrives. If a child is locked in a car or a room, call 911 right away.',
    structural_danger:
      'Get everyone out of the room, and out of the building if a wall, floor, balcony or stairway is moving, ' +
      'cracking or giving way. Keep out from under a ceiling that sags, bulges or drips, and do not poke it. If ' +
      'water is involved, switch off the electricity to that area only if you can reach the breaker without ' +
      'passing under it or standing in water. If anyone is hurt or trapped, or the building may collapse, call 911.',
    break_in:
      'If someone is breaking in or is inside now, get to safety: leave if you can do it safely, or lock yourself ' +
      'in a room, keep quiet and call 911. Do not confront the intruder. Once you are safe, tell the dispatcher ' +
      'your address and unit, and stay on the line. Do not touch anything the intruder may have touched until the ' +
      'police have been.',
  },
  questions: {
    what: 'What is the problem? Tell me what is broken or not working.',
    where: 'Where is it: in your unit (which room?) or in a common area (which one)?',
    urgency:
      'How urgent is it? Is it getting worse or stopping you from using something, or can it wait a few days?',
    entry: 'If you are not home, may our maintenance team enter your unit to fix it?',
  },
  statusNames: {
    new: 'received',
    pending: 'waiting on something',
    in_progress: 'in progress',
    completed: 'completed',
    cancelled: 'cancelled',
  },
  replies: {
    created: (ref, summary, manager) =>
      `Thank you — I have opened work order ${ref} ("${summary}"). ${manager ? `${manager}, your property manager,` : 'Your property manager'} has been added to its work room, where you can follow progress and chat with the people working on it.`,
    emergencyCreated: (ref, manager) =>
      `I have opened emergency work order ${ref} and alerted ${manager ?? 'your manager'} right away. Follow the safety steps above first; you can follow the work order in its work room.`,
    escalated: (manager) =>
      `I have asked ${manager ?? 'your manager'} to step in. They will answer you in the work room as soon as they can.`,
    noProperty:
      'I can open maintenance requests for residents of a property. Your account is not linked to a unit, so I have not created anything — please contact your manager.',
    photosAdded: (ref) =>
      `Thank you — your photo is now with work order ${ref}, where your manager and the vendor can see it.`,
    photosWhat:
      'Thank you for the photo. What is the problem, and where is it? Tell me in a few words and I will open a request with your photo attached.',
    noWorkOrders: 'You have no work orders yet. Tell me what needs fixing and I will open one.',
    statusIntro: 'Here is where your requests stand:',
    citedAnswer: (name, section, page, quote) =>
      `Here is what your association's documents say — "${name}", ${section ? `${section}, ` : ''}page ${page}:\n"${quote}"\nThis is a word-for-word quotation; your manager can confirm how it applies to you.`,
    documentNotFound: (manager) =>
      `I could not find an answer in your association's documents, so I have asked ${manager ?? 'your manager'} to answer you.`,
    modelUnavailable: 'Our AI model is not answering right now, so the built-in assistant is helping you.',
    greeting: (name) =>
      `Hello ${name}! I can open maintenance requests, tell you where your requests stand, answer questions from your association's documents, or bring in a person. What can I do for you?`,
    acknowledgement: 'You are welcome! I am here whenever you need anything else.',
    complaintFiled: (ref, manager) =>
      `Thank you for letting us know. I have passed your report to ${manager ?? 'your manager'} as ${ref}; they will look into it and follow up with you in its work room.`,
    cancelled: (ref, summary) => `Done — I have cancelled work order ${ref} ("${summary}").`,
    cancelWhich:
      'Which request should I cancel? Tell me its number (for example #1a2b3c4d) or what it is about.',
    cancelNothingOpen: 'You have no open requests to cancel.',
    cancelAskedManager: (ref, manager) =>
      `Work has already started on ${ref}, so I have asked ${manager ?? 'your manager'} to cancel or change it with you in its work room.`,
    handedOver: (topic, manager) =>
      `${
        {
          billing: 'Questions about dues, balances and payments',
          lease: 'Questions about leasing, selling or moving',
          amenity: 'Questions about amenities and reservations',
          other: 'Questions like this',
        }[topic]
      } are answered by ${manager ?? 'your manager'}: I have passed yours on, and they will reply in the work room.`,
    unclearUrgent: (manager) =>
      `If anyone is in danger, call 911 now. I have alerted ${manager ?? 'your manager'} to contact you right away.`,
    emptyMessage: 'I did not get any text. What can I help you with?',
  },
};
