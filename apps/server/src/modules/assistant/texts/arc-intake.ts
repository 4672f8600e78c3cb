import type { ArcProjectKind, ArcUnit, AssistantLanguage } from '@commonwise/contracts';

/**
 * What the assistant says while it takes down an architectural review request (issue 22 item 1), in
 * each language it replies in. The association's own words — its project types' names, its questions,
 * their help and options, the files it asks for — are quoted as the association wrote them. The
 * committee decides on every request: the assistant says so, and never that anything is approved.
 */

/** One question of the form, already written out. */
export type QuestionWords = {
  label: string;
  help: string | null;
  unit: ArcUnit | null;
  options: string[];
  /** 1-based, of `count` questions. */
  index: number;
  count: number;
};

/** Why an answer was not taken. */
export type ProblemWords =
  | { kind: 'number'; label: string; unit: ArcUnit | null }
  | { kind: 'one_number'; label: string }
  | { kind: 'choice'; label: string; options: string[] }
  | { kind: 'empty' | 'too_long' | 'title_too_long' }
  /** The form's own message (English, as the portal shows it). */
  | { kind: 'refused'; message: string }
  | { kind: 'unit'; homes: string[] }
  | { kind: 'type'; types: string[] }
  | { kind: 'confirm' }
  | { kind: 'change'; labels: string[] };

export type SubmittedWords = {
  title: string;
  type: string;
  unit: string;
  property: string;
  missing: { label: string; help: string | null }[];
  fee: string | null;
  /** The decision's due date, written out, when the request is already complete. */
  due: string | null;
  /** The title of another active request of the same unit and project type. */
  duplicate: string | null;
};

export type ArcTexts = {
  /** What a kind of project is called in a sentence ("a fence", "solar panels"). */
  kindNames: Record<ArcProjectKind, string>;
  unitNames: Record<ArcUnit, string>;
  intro: (w: {
    type: string;
    unit: string;
    property: string;
    questions: number;
    /** The kind asked for, when the association has no form for it and its "other" form is used. */
    insteadOf: string | null;
  }) => string;
  askUnit: (homes: string[]) => string;
  askType: (property: string, types: string[]) => string;
  question: (q: QuestionWords) => string;
  /** A number told back as it was read ("6 feet" → 72 in). */
  readBack: (label: string, value: string) => string;
  problem: (p: ProblemWords) => string;
  askTitle: (suggested: string) => string;
  summary: (w: {
    type: string;
    unit: string;
    property: string;
    title: string;
    answers: { label: string; value: string }[];
  }) => string;
  submitted: (w: SubmittedWords) => string;
  /** The link to the request's page, under the reply. */
  link: string;
  stopped: string;
  noForm: (w: { wanted: string; property: string; forms: string[]; manager: string | undefined }) => string;
  notOwner: string;
  failed: (message: string) => string;
  /** After answering something else in the middle: the request waits for its next answer. */
  resume: (question: string) => string;
};

const list = (items: string[]) => items.join(', ');
const bullets = (lines: string[]) => lines.map((line) => `• ${line}`).join('\n');
const quote = (text: string) => `“${text}”`;

const en: ArcTexts = {
  kindNames: {
    fence: 'a fence',
    paint: 'a paint colour',
    roof: 'a roof',
    solar: 'solar panels',
    addition: 'an addition or structure',
    landscaping: 'landscaping',
    other: 'this project',
  },
  unitNames: { in: 'inches', ft: 'feet', sq_ft: 'square feet', kw: 'kW' },
  intro: (w) =>
    [
      `I can start an architectural review request for you: ${quote(w.type)} for unit ${w.unit}, ${w.property}.`,
      w.insteadOf &&
        `${w.property} has no request form for ${w.insteadOf}, so I am using its ${quote(w.type)} form.`,
      w.questions > 0
        ? `I will ask you ${w.questions === 1 ? 'one question' : `${w.questions} questions`}, one at a time.`
        : 'Its form has no questions for me to ask.',
      'Say “cancel” at any time to stop; nothing is sent until you confirm.',
      'The association’s architectural committee decides on the request — I cannot approve or deny anything.',
    ]
      .filter(Boolean)
      .join(' '),
  askUnit: (homes) => `Which of your homes is the project for? ${list(homes)}.`,
  askType: (property, types) =>
    `What kind of project is it? ${property} has request forms for: ${list(types)}.`,
  question: (q) =>
    [
      `Question ${q.index} of ${q.count}: ${q.label}${q.unit ? ` (in ${en.unitNames[q.unit]})` : ''}?`,
      q.help,
      q.options.length > 0 ? `Choose one of: ${list(q.options)}.` : null,
    ]
      .filter(Boolean)
      .join(' '),
  readBack: (label, value) => `Noted: ${label}, ${value}.`,
  problem: (p) => {
    switch (p.kind) {
      case 'number':
        return `I could not read a number for ${quote(p.label)}. Please give just the number${p.unit ? ` in ${en.unitNames[p.unit]}, or with its unit (for example “6 feet”)` : ''}.`;
      case 'one_number':
        return `Please give one number for ${quote(p.label)}, not a range or several.`;
      case 'choice':
        return `For ${quote(p.label)}, please choose one of: ${list(p.options)}.`;
      case 'empty':
        return 'I did not get an answer. Please answer in a few words.';
      case 'too_long':
        return 'That is longer than the form takes (2,000 characters). Please answer more briefly; you can add details on the request’s page later.';
      case 'title_too_long':
        return 'Please keep the title under 200 characters.';
      case 'refused':
        return p.message;
      case 'unit':
        return `I did not catch which home. Which one is it: ${list(p.homes)}?`;
      case 'type':
        return `I did not catch which kind of project. Please name one of: ${list(p.types)}.`;
      case 'confirm':
        return 'Please reply “yes” to submit the request, “no” to change an answer, or “cancel” to stop.';
      case 'change':
        return `Which answer should I change? ${list(p.labels)}.`;
    }
  },
  askTitle: (suggested) =>
    `Last, a short title for the request. I suggest ${quote(suggested)}: reply “yes” to keep it, or write your own.`,
  summary: (w) =>
    [
      'Here is your request:',
      bullets([
        `Project: ${w.type} — unit ${w.unit}, ${w.property}`,
        `Title: ${w.title}`,
        ...w.answers.map((answer) => `${answer.label}: ${answer.value}`),
      ]),
      '',
      'Shall I submit it? Reply “yes” to submit, “no” to change an answer, or “cancel” to stop.',
    ].join('\n'),
  submitted: (w) =>
    [
      `I have submitted ${quote(w.title)} (${w.type}, unit ${w.unit}, ${w.property}).`,
      w.missing.length > 0
        ? `It stays incomplete, and the committee’s review does not start, until you upload these on the request’s page (link below):\n${bullets(w.missing.map((m) => (m.help ? `${m.label} — ${m.help}` : m.label)))}`
        : `It is complete and now goes to the architectural committee${w.due ? `, which is due to decide by ${w.due}` : ''}.`,
      w.fee && `The review fee of ${w.fee} was added to your account.`,
      w.duplicate &&
        `Note: you already have an active request for this kind of project at this unit (${quote(w.duplicate)}).`,
      'The architectural committee decides on it — I cannot approve or deny anything.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  link: 'Open your request',
  stopped:
    'All right — I have stopped, and nothing was submitted. You can start again any time, or use Architectural requests in the resident portal.',
  noForm: (w) =>
    [
      `${w.property} has no architectural request form for ${w.wanted}, so I cannot start one here.`,
      w.forms.length > 0 ? `The forms it has are: ${list(w.forms)}.` : null,
      `I have asked ${w.manager ?? 'your manager'} how you can get approval for it; they will reply in the work room.`,
    ]
      .filter(Boolean)
      .join(' '),
  notOwner:
    'Only a home’s owner can ask the association for architectural approval, and I do not see a home that you own. If you rent, please ask the owner to make the request; if you do own a home here, your manager can correct the records.',
  failed: (message) =>
    `I could not submit the request: ${message} Nothing was submitted; you can try again, or use Architectural requests in the resident portal.`,
  resume: (question) => `Your architectural request is not submitted yet. ${question}`,
};

const es: ArcTexts = {
  kindNames: {
    fence: 'una cerca',
    paint: 'un color de pintura',
    roof: 'un techo',
    solar: 'paneles solares',
    addition: 'una ampliación o construcción',
    landscaping: 'jardinería',
    other: 'este proyecto',
  },
  unitNames: { in: 'pulgadas', ft: 'pies', sq_ft: 'pies cuadrados', kw: 'kW' },
  intro: (w) =>
    [
      `Puedo iniciar por usted una solicitud de revisión arquitectónica: ${quote(w.type)} para la unidad ${w.unit}, ${w.property}.`,
      w.insteadOf &&
        `${w.property} no tiene un formulario para ${w.insteadOf}, así que uso su formulario ${quote(w.type)}.`,
      w.questions > 0
        ? `Le haré ${w.questions === 1 ? 'una pregunta' : `${w.questions} preguntas`}, una a la vez.`
        : 'Su formulario no tiene preguntas.',
      'Diga “cancelar” en cualquier momento para detenerme; no se envía nada hasta que usted lo confirme.',
      'El comité arquitectónico de la asociación decide sobre la solicitud — yo no puedo aprobar ni rechazar nada.',
    ]
      .filter(Boolean)
      .join(' '),
  askUnit: (homes) => `¿Para cuál de sus viviendas es el proyecto? ${list(homes)}.`,
  askType: (property, types) =>
    `¿Qué tipo de proyecto es? ${property} tiene formularios para: ${list(types)}.`,
  question: (q) =>
    [
      `Pregunta ${q.index} de ${q.count}: ${quote(q.label)}${q.unit ? ` (en ${es.unitNames[q.unit]})` : ''}.`,
      q.help,
      q.options.length > 0 ? `Elija una opción: ${list(q.options)}.` : null,
    ]
      .filter(Boolean)
      .join(' '),
  readBack: (label, value) => `Anotado: ${label}, ${value}.`,
  problem: (p) => {
    switch (p.kind) {
      case 'number':
        return `No pude leer un número para ${quote(p.label)}. Indique solo el número${p.unit ? ` en ${es.unitNames[p.unit]}, o con su unidad (por ejemplo “6 pies”)` : ''}.`;
      case 'one_number':
        return `Indique un solo número para ${quote(p.label)}, no un rango ni varios.`;
      case 'choice':
        return `Para ${quote(p.label)}, elija una de estas opciones: ${list(p.options)}.`;
      case 'empty':
        return 'No recibí respuesta. Conteste en pocas palabras, por favor.';
      case 'too_long':
        return 'La respuesta es más larga de lo que admite el formulario (2.000 caracteres). Resúmala; podrá añadir detalles en la página de la solicitud.';
      case 'title_too_long':
        return 'El título debe tener menos de 200 caracteres.';
      case 'refused':
        return p.message;
      case 'unit':
        return `No entendí cuál vivienda. ¿Cuál es: ${list(p.homes)}?`;
      case 'type':
        return `No entendí qué tipo de proyecto. Indique uno de estos: ${list(p.types)}.`;
      case 'confirm':
        return 'Responda “sí” para enviar la solicitud, “no” para cambiar una respuesta o “cancelar” para detenerme.';
      case 'change':
        return `¿Qué respuesta quiere cambiar? ${list(p.labels)}.`;
    }
  },
  askTitle: (suggested) =>
    `Por último, un título corto para la solicitud. Le propongo ${quote(suggested)}: responda “sí” para usarlo, o escriba el suyo.`,
  summary: (w) =>
    [
      'Esta es su solicitud:',
      bullets([
        `Proyecto: ${w.type} — unidad ${w.unit}, ${w.property}`,
        `Título: ${w.title}`,
        ...w.answers.map((answer) => `${answer.label}: ${answer.value}`),
      ]),
      '',
      '¿La envío? Responda “sí” para enviarla, “no” para cambiar una respuesta o “cancelar” para detenerme.',
    ].join('\n'),
  submitted: (w) =>
    [
      `Envié ${quote(w.title)} (${w.type}, unidad ${w.unit}, ${w.property}).`,
      w.missing.length > 0
        ? `Queda incompleta, y la revisión del comité no empieza, hasta que suba en la página de la solicitud (enlace abajo):\n${bullets(w.missing.map((m) => (m.help ? `${m.label} — ${m.help}` : m.label)))}`
        : `Está completa y pasa al comité arquitectónico${w.due ? `, que debe decidir a más tardar el ${w.due}` : ''}.`,
      w.fee && `Se añadió a su cuenta la cuota de revisión de ${w.fee}.`,
      w.duplicate &&
        `Nota: ya tiene una solicitud activa para este tipo de proyecto en esta unidad (${quote(w.duplicate)}).`,
      'El comité arquitectónico decide sobre ella — yo no puedo aprobar ni rechazar nada.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  link: 'Abrir su solicitud',
  stopped:
    'De acuerdo — me detuve y no se envió nada. Puede empezar de nuevo cuando quiera, o usar Solicitudes arquitectónicas en el portal de residentes.',
  noForm: (w) =>
    [
      `${w.property} no tiene un formulario de solicitud arquitectónica para ${w.wanted}, así que no puedo iniciar una aquí.`,
      w.forms.length > 0 ? `Sus formularios son: ${list(w.forms)}.` : null,
      `Le pregunté a ${w.manager ?? 'su administrador'} cómo puede obtener la aprobación; le responderá en la sala de trabajo.`,
    ]
      .filter(Boolean)
      .join(' '),
  notOwner:
    'Solo el propietario de una vivienda puede pedir a la asociación una aprobación arquitectónica, y no veo ninguna vivienda de su propiedad. Si usted renta, pida al propietario que haga la solicitud; si sí es propietario aquí, su administrador puede corregir los registros.',
  failed: (message) =>
    `No pude enviar la solicitud: ${message} No se envió nada; puede intentarlo de nuevo o usar Solicitudes arquitectónicas en el portal de residentes.`,
  resume: (question) => `Su solicitud arquitectónica aún no se ha enviado. ${question}`,
};

const pt: ArcTexts = {
  kindNames: {
    fence: 'uma cerca',
    paint: 'uma cor de pintura',
    roof: 'um telhado',
    solar: 'painéis solares',
    addition: 'uma ampliação ou construção',
    landscaping: 'paisagismo',
    other: 'este projeto',
  },
  unitNames: { in: 'polegadas', ft: 'pés', sq_ft: 'pés quadrados', kw: 'kW' },
  intro: (w) =>
    [
      `Posso abrir para você um pedido de aprovação arquitetônica: ${quote(w.type)} para a unidade ${w.unit}, ${w.property}.`,
      w.insteadOf &&
        `${w.property} não tem formulário para ${w.insteadOf}, então uso o formulário ${quote(w.type)}.`,
      w.questions > 0
        ? `Vou fazer ${w.questions === 1 ? 'uma pergunta' : `${w.questions} perguntas`}, uma de cada vez.`
        : 'O formulário não tem perguntas.',
      'Diga “cancelar” a qualquer momento para parar; nada é enviado antes da sua confirmação.',
      'Quem decide é o comitê arquitetônico da associação — eu não posso aprovar nem negar nada.',
    ]
      .filter(Boolean)
      .join(' '),
  askUnit: (homes) => `Para qual dos seus imóveis é o projeto? ${list(homes)}.`,
  askType: (property, types) => `Que tipo de projeto é? ${property} tem formulários para: ${list(types)}.`,
  question: (q) =>
    [
      `Pergunta ${q.index} de ${q.count}: ${quote(q.label)}${q.unit ? ` (em ${pt.unitNames[q.unit]})` : ''}.`,
      q.help,
      q.options.length > 0 ? `Escolha uma opção: ${list(q.options)}.` : null,
    ]
      .filter(Boolean)
      .join(' '),
  readBack: (label, value) => `Anotado: ${label}, ${value}.`,
  problem: (p) => {
    switch (p.kind) {
      case 'number':
        return `Não consegui ler um número para ${quote(p.label)}. Informe só o número${p.unit ? ` em ${pt.unitNames[p.unit]}, ou com a unidade (por exemplo “6 pés”)` : ''}.`;
      case 'one_number':
        return `Informe um só número para ${quote(p.label)}, não uma faixa.`;
      case 'choice':
        return `Para ${quote(p.label)}, escolha uma destas opções: ${list(p.options)}.`;
      case 'empty':
        return 'Não recebi resposta. Responda em poucas palavras, por favor.';
      case 'too_long':
        return 'A resposta é maior do que o formulário aceita (2.000 caracteres). Resuma; você pode acrescentar detalhes na página do pedido.';
      case 'title_too_long':
        return 'O título deve ter menos de 200 caracteres.';
      case 'refused':
        return p.message;
      case 'unit':
        return `Não entendi qual imóvel. Qual é: ${list(p.homes)}?`;
      case 'type':
        return `Não entendi o tipo de projeto. Indique um destes: ${list(p.types)}.`;
      case 'confirm':
        return 'Responda “sim” para enviar o pedido, “não” para mudar uma resposta ou “cancelar” para parar.';
      case 'change':
        return `Qual resposta devo mudar? ${list(p.labels)}.`;
    }
  },
  askTitle: (suggested) =>
    `Por fim, um título curto para o pedido. Sugiro ${quote(suggested)}: responda “sim” para usá-lo, ou escreva o seu.`,
  summary: (w) =>
    [
      'Este é o seu pedido:',
      bullets([
        `Projeto: ${w.type} — unidade ${w.unit}, ${w.property}`,
        `Título: ${w.title}`,
        ...w.answers.map((answer) => `${answer.label}: ${answer.value}`),
      ]),
      '',
      'Posso enviar? Responda “sim” para enviar, “não” para mudar uma resposta ou “cancelar” para parar.',
    ].join('\n'),
  submitted: (w) =>
    [
      `Enviei ${quote(w.title)} (${w.type}, unidade ${w.unit}, ${w.property}).`,
      w.missing.length > 0
        ? `Ele fica incompleto, e a análise do comitê não começa, até você enviar na página do pedido (link abaixo):\n${bullets(w.missing.map((m) => (m.help ? `${m.label} — ${m.help}` : m.label)))}`
        : `Está completo e segue para o comitê arquitetônico${w.due ? `, que deve decidir até ${w.due}` : ''}.`,
      w.fee && `A taxa de análise de ${w.fee} foi lançada na sua conta.`,
      w.duplicate &&
        `Observação: você já tem um pedido ativo para este tipo de projeto nesta unidade (${quote(w.duplicate)}).`,
      'Quem decide é o comitê arquitetônico — eu não posso aprovar nem negar nada.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  link: 'Abrir seu pedido',
  stopped:
    'Tudo bem — parei, e nada foi enviado. Você pode recomeçar quando quiser, ou usar Pedidos arquitetônicos no portal do morador.',
  noForm: (w) =>
    [
      `${w.property} não tem formulário de pedido arquitetônico para ${w.wanted}, então não posso abrir um aqui.`,
      w.forms.length > 0 ? `Os formulários existentes são: ${list(w.forms)}.` : null,
      `Perguntei a ${w.manager ?? 'seu administrador'} como você pode obter a aprovação; a resposta virá na sala de trabalho.`,
    ]
      .filter(Boolean)
      .join(' '),
  notOwner:
    'Só o proprietário de um imóvel pode pedir aprovação arquitetônica à associação, e não vejo nenhum imóvel em seu nome. Se você aluga, peça ao proprietário que faça o pedido; se você é proprietário aqui, seu administrador pode corrigir o cadastro.',
  failed: (message) =>
    `Não consegui enviar o pedido: ${message} Nada foi enviado; tente de novo ou use Pedidos arquitetônicos no portal do morador.`,
  resume: (question) => `Seu pedido arquitetônico ainda não foi enviado. ${question}`,
};

const fr: ArcTexts = {
  kindNames: {
    fence: 'une clôture',
    paint: 'une couleur de peinture',
    roof: 'une toiture',
    solar: 'des panneaux solaires',
    addition: 'une extension ou construction',
    landscaping: 'un aménagement paysager',
    other: 'ce projet',
  },
  unitNames: { in: 'pouces', ft: 'pieds', sq_ft: 'pieds carrés', kw: 'kW' },
  intro: (w) =>
    [
      `Je peux ouvrir pour vous une demande d’approbation architecturale : ${quote(w.type)} pour le logement ${w.unit}, ${w.property}.`,
      w.insteadOf &&
        `${w.property} n’a pas de formulaire pour ${w.insteadOf} ; j’utilise donc son formulaire ${quote(w.type)}.`,
      w.questions > 0
        ? `Je vais vous poser ${w.questions === 1 ? 'une question' : `${w.questions} questions`}, une à la fois.`
        : 'Son formulaire n’a pas de questions.',
      'Dites « annuler » à tout moment pour arrêter ; rien n’est envoyé avant votre confirmation.',
      'C’est le comité d’architecture de l’association qui décide — je ne peux ni approuver ni refuser quoi que ce soit.',
    ]
      .filter(Boolean)
      .join(' '),
  askUnit: (homes) => `Pour lequel de vos logements est le projet ? ${list(homes)}.`,
  askType: (property, types) =>
    `De quel type de projet s’agit-il ? ${property} a des formulaires pour : ${list(types)}.`,
  question: (q) =>
    [
      `Question ${q.index} sur ${q.count} : ${quote(q.label)}${q.unit ? ` (en ${fr.unitNames[q.unit]})` : ''}.`,
      q.help,
      q.options.length > 0 ? `Choisissez parmi : ${list(q.options)}.` : null,
    ]
      .filter(Boolean)
      .join(' '),
  readBack: (label, value) => `Noté : ${label}, ${value}.`,
  problem: (p) => {
    switch (p.kind) {
      case 'number':
        return `Je n’ai pas pu lire de nombre pour ${quote(p.label)}. Donnez seulement le nombre${p.unit ? ` en ${fr.unitNames[p.unit]}, ou avec son unité (par exemple « 6 pieds »)` : ''}.`;
      case 'one_number':
        return `Donnez un seul nombre pour ${quote(p.label)}, pas une fourchette.`;
      case 'choice':
        return `Pour ${quote(p.label)}, choisissez parmi : ${list(p.options)}.`;
      case 'empty':
        return 'Je n’ai pas reçu de réponse. Répondez en quelques mots, s’il vous plaît.';
      case 'too_long':
        return 'La réponse dépasse ce que le formulaire accepte (2 000 caractères). Résumez-la ; vous pourrez ajouter des détails sur la page de la demande.';
      case 'title_too_long':
        return 'Le titre doit faire moins de 200 caractères.';
      case 'refused':
        return p.message;
      case 'unit':
        return `Je n’ai pas compris quel logement. Lequel est-ce : ${list(p.homes)} ?`;
      case 'type':
        return `Je n’ai pas compris le type de projet. Indiquez l’un de ceux-ci : ${list(p.types)}.`;
      case 'confirm':
        return 'Répondez « oui » pour envoyer la demande, « non » pour changer une réponse ou « annuler » pour arrêter.';
      case 'change':
        return `Quelle réponse dois-je changer ? ${list(p.labels)}.`;
    }
  },
  askTitle: (suggested) =>
    `Enfin, un titre court pour la demande. Je propose ${quote(suggested)} : répondez « oui » pour le garder, ou écrivez le vôtre.`,
  summary: (w) =>
    [
      'Voici votre demande :',
      bullets([
        `Projet : ${w.type} — logement ${w.unit}, ${w.property}`,
        `Titre : ${w.title}`,
        ...w.answers.map((answer) => `${answer.label} : ${answer.value}`),
      ]),
      '',
      'Dois-je l’envoyer ? Répondez « oui » pour l’envoyer, « non » pour changer une réponse ou « annuler » pour arrêter.',
    ].join('\n'),
  submitted: (w) =>
    [
      `J’ai envoyé ${quote(w.title)} (${w.type}, logement ${w.unit}, ${w.property}).`,
      w.missing.length > 0
        ? `Elle reste incomplète, et l’examen du comité ne commence pas, tant que vous n’avez pas déposé sur la page de la demande (lien ci-dessous) :\n${bullets(w.missing.map((m) => (m.help ? `${m.label} — ${m.help}` : m.label)))}`
        : `Elle est complète et passe au comité d’architecture${w.due ? `, qui doit décider au plus tard le ${w.due}` : ''}.`,
      w.fee && `Les frais d’examen de ${w.fee} ont été ajoutés à votre compte.`,
      w.duplicate &&
        `Remarque : vous avez déjà une demande en cours pour ce type de projet dans ce logement (${quote(w.duplicate)}).`,
      'C’est le comité d’architecture qui décide — je ne peux ni approuver ni refuser quoi que ce soit.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  link: 'Ouvrir votre demande',
  stopped:
    'D’accord — j’ai arrêté, et rien n’a été envoyé. Vous pouvez recommencer quand vous voulez, ou utiliser Demandes architecturales dans le portail résident.',
  noForm: (w) =>
    [
      `${w.property} n’a pas de formulaire de demande architecturale pour ${w.wanted} ; je ne peux donc pas en ouvrir une ici.`,
      w.forms.length > 0 ? `Ses formulaires sont : ${list(w.forms)}.` : null,
      `J’ai demandé à ${w.manager ?? 'votre gestionnaire'} comment obtenir l’approbation ; la réponse viendra dans la salle de travail.`,
    ]
      .filter(Boolean)
      .join(' '),
  notOwner:
    'Seul le propriétaire d’un logement peut demander une approbation architecturale à l’association, et je ne vois aucun logement à votre nom. Si vous êtes locataire, demandez au propriétaire de faire la demande ; si vous êtes propriétaire ici, votre gestionnaire peut corriger les registres.',
  failed: (message) =>
    `Je n’ai pas pu envoyer la demande : ${message} Rien n’a été envoyé ; réessayez ou utilisez Demandes architecturales dans le portail résident.`,
  resume: (question) => `Votre demande architecturale n’est pas encore envoyée. ${question}`,
};

const zh: ArcTexts = {
  kindNames: {
    fence: '围栏',
    paint: '外墙颜色',
    roof: '屋顶',
    solar: '太阳能板',
    addition: '扩建或附属建筑',
    landscaping: '园林景观',
    other: '这个项目',
  },
  unitNames: { in: '英寸', ft: '英尺', sq_ft: '平方英尺', kw: '千瓦' },
  intro: (w) =>
    [
      `我可以帮您提交建筑审查申请：${w.property} ${w.unit} 单元的“${w.type}”。`,
      w.insteadOf && `${w.property} 没有${w.insteadOf}的申请表，所以我使用它的“${w.type}”申请表。`,
      w.questions > 0 ? `我会一次问一个问题，共 ${w.questions} 个。` : '这个申请表没有需要回答的问题。',
      '随时说“取消”即可停止；在您确认之前不会提交任何内容。',
      '申请由协会的建筑委员会决定——我不能批准或拒绝任何申请。',
    ]
      .filter(Boolean)
      .join(''),
  askUnit: (homes) => `这个项目是为您的哪一处房产？${homes.join('、')}。`,
  askType: (property, types) => `这是哪一类项目？${property} 的申请表有：${types.join('、')}。`,
  question: (q) =>
    [
      `第 ${q.index} 个问题（共 ${q.count} 个）：“${q.label}”${q.unit ? `（单位：${zh.unitNames[q.unit]}）` : ''}。`,
      q.help,
      q.options.length > 0 ? `请从中选择：${q.options.join('、')}。` : null,
    ]
      .filter(Boolean)
      .join(' '),
  readBack: (label, value) => `已记录：${label}，${value}。`,
  problem: (p) => {
    switch (p.kind) {
      case 'number':
        return `我没能读出“${p.label}”的数字。请只写数字${p.unit ? `（单位：${zh.unitNames[p.unit]}），或带上单位，例如“6 feet”` : ''}。`;
      case 'one_number':
        return `请为“${p.label}”只写一个数字，不要写范围。`;
      case 'choice':
        return `“${p.label}”请从中选择：${p.options.join('、')}。`;
      case 'empty':
        return '我没有收到回答。请简短回答。';
      case 'too_long':
        return '回答超过了申请表的长度上限（2,000 个字符）。请简短一些；之后可以在申请页面补充细节。';
      case 'title_too_long':
        return '标题请少于 200 个字符。';
      case 'refused':
        return p.message;
      case 'unit':
        return `我没听明白是哪一处房产。是哪一处：${p.homes.join('、')}？`;
      case 'type':
        return `我没听明白是哪类项目。请说出其中一个：${p.types.join('、')}。`;
      case 'confirm':
        return '请回复“是”提交申请，回复“不”修改某个回答，或回复“取消”停止。';
      case 'change':
        return `要修改哪一个回答？${p.labels.join('、')}。`;
    }
  },
  askTitle: (suggested) =>
    `最后，请给申请起一个简短的标题。我建议“${suggested}”：回复“是”即可使用，或写下您自己的标题。`,
  summary: (w) =>
    [
      '这是您的申请：',
      bullets([
        `项目：${w.type}——${w.property} ${w.unit} 单元`,
        `标题：${w.title}`,
        ...w.answers.map((answer) => `${answer.label}：${answer.value}`),
      ]),
      '',
      '要提交吗？回复“是”提交，回复“不”修改某个回答，或回复“取消”停止。',
    ].join('\n'),
  submitted: (w) =>
    [
      `我已提交“${w.title}”（${w.type}，${w.property} ${w.unit} 单元）。`,
      w.missing.length > 0
        ? `在您于申请页面（见下方链接）上传以下文件之前，申请不完整，委员会也不会开始审查：\n${bullets(w.missing.map((m) => (m.help ? `${m.label}——${m.help}` : m.label)))}`
        : `申请已完整，现交由建筑委员会审查${w.due ? `，委员会应在 ${w.due} 前作出决定` : ''}。`,
      w.fee && `审查费 ${w.fee} 已计入您的账户。`,
      w.duplicate && `注意：您在此单元已有一个同类项目的有效申请（“${w.duplicate}”）。`,
      '申请由建筑委员会决定——我不能批准或拒绝任何申请。',
    ]
      .filter(Boolean)
      .join('\n\n'),
  link: '打开您的申请',
  stopped: '好的——我已停止，没有提交任何内容。您可以随时重新开始，或在住户门户中使用“建筑申请”。',
  noForm: (w) =>
    [
      `${w.property} 没有${w.wanted}的建筑申请表，所以我无法在这里为您提交。`,
      w.forms.length > 0 ? `现有的申请表有：${w.forms.join('、')}。` : null,
      `我已询问${w.manager ?? '您的物业经理'}您如何获得批准；对方会在工作室中回复您。`,
    ]
      .filter(Boolean)
      .join(''),
  notOwner:
    '只有房产的业主才能向协会申请建筑审批，而我没有看到您名下的房产。如果您是租户，请让业主提交申请；如果您确实是这里的业主，您的物业经理可以更正记录。',
  failed: (message) =>
    `我无法提交申请：${message} 没有提交任何内容；您可以重试，或在住户门户中使用“建筑申请”。`,
  resume: (question) => `您的建筑申请尚未提交。${question}`,
};

const vi: ArcTexts = {
  kindNames: {
    fence: 'hàng rào',
    paint: 'màu sơn',
    roof: 'mái nhà',
    solar: 'tấm pin mặt trời',
    addition: 'phần xây thêm hoặc công trình phụ',
    landscaping: 'cảnh quan',
    other: 'dự án này',
  },
  unitNames: { in: 'inch', ft: 'feet', sq_ft: 'feet vuông', kw: 'kW' },
  intro: (w) =>
    [
      `Tôi có thể lập giúp bạn một yêu cầu xét duyệt kiến trúc: “${w.type}” cho căn ${w.unit}, ${w.property}.`,
      w.insteadOf && `${w.property} không có mẫu đơn cho ${w.insteadOf}, nên tôi dùng mẫu “${w.type}”.`,
      w.questions > 0 ? `Tôi sẽ hỏi ${w.questions} câu, từng câu một.` : 'Mẫu đơn này không có câu hỏi nào.',
      'Bạn có thể nói “hủy” bất cứ lúc nào để dừng; không có gì được gửi cho đến khi bạn xác nhận.',
      'Ủy ban kiến trúc của hiệp hội quyết định yêu cầu — tôi không thể chấp thuận hay từ chối điều gì.',
    ]
      .filter(Boolean)
      .join(' '),
  askUnit: (homes) => `Dự án này dành cho căn nào của bạn? ${list(homes)}.`,
  askType: (property, types) => `Đây là loại dự án nào? ${property} có các mẫu đơn: ${list(types)}.`,
  question: (q) =>
    [
      `Câu ${q.index}/${q.count}: “${q.label}”${q.unit ? ` (đơn vị ${vi.unitNames[q.unit]})` : ''}.`,
      q.help,
      q.options.length > 0 ? `Chọn một trong: ${list(q.options)}.` : null,
    ]
      .filter(Boolean)
      .join(' '),
  readBack: (label, value) => `Đã ghi: ${label}, ${value}.`,
  problem: (p) => {
    switch (p.kind) {
      case 'number':
        return `Tôi không đọc được số cho “${p.label}”. Vui lòng chỉ ghi số${p.unit ? ` theo ${vi.unitNames[p.unit]}, hoặc kèm đơn vị (ví dụ “6 feet”)` : ''}.`;
      case 'one_number':
        return `Vui lòng ghi một số duy nhất cho “${p.label}”, không ghi khoảng.`;
      case 'choice':
        return `Với “${p.label}”, vui lòng chọn một trong: ${list(p.options)}.`;
      case 'empty':
        return 'Tôi chưa nhận được câu trả lời. Vui lòng trả lời ngắn gọn.';
      case 'too_long':
        return 'Câu trả lời dài hơn mức mẫu đơn cho phép (2.000 ký tự). Vui lòng rút gọn; bạn có thể bổ sung chi tiết trên trang yêu cầu sau.';
      case 'title_too_long':
        return 'Tiêu đề cần ngắn hơn 200 ký tự.';
      case 'refused':
        return p.message;
      case 'unit':
        return `Tôi chưa rõ là căn nào. Là căn nào trong số: ${list(p.homes)}?`;
      case 'type':
        return `Tôi chưa rõ loại dự án. Vui lòng chọn một trong: ${list(p.types)}.`;
      case 'confirm':
        return 'Vui lòng trả lời “có” để gửi yêu cầu, “không” để sửa một câu trả lời, hoặc “hủy” để dừng.';
      case 'change':
        return `Bạn muốn sửa câu trả lời nào? ${list(p.labels)}.`;
    }
  },
  askTitle: (suggested) =>
    `Cuối cùng, một tiêu đề ngắn cho yêu cầu. Tôi đề xuất “${suggested}”: trả lời “có” để dùng, hoặc tự viết tiêu đề.`,
  summary: (w) =>
    [
      'Đây là yêu cầu của bạn:',
      bullets([
        `Dự án: ${w.type} — căn ${w.unit}, ${w.property}`,
        `Tiêu đề: ${w.title}`,
        ...w.answers.map((answer) => `${answer.label}: ${answer.value}`),
      ]),
      '',
      'Tôi gửi nhé? Trả lời “có” để gửi, “không” để sửa một câu trả lời, hoặc “hủy” để dừng.',
    ].join('\n'),
  submitted: (w) =>
    [
      `Tôi đã gửi “${w.title}” (${w.type}, căn ${w.unit}, ${w.property}).`,
      w.missing.length > 0
        ? `Yêu cầu còn thiếu, và ủy ban chưa bắt đầu xét, cho đến khi bạn tải lên trang yêu cầu (liên kết bên dưới):\n${bullets(w.missing.map((m) => (m.help ? `${m.label} — ${m.help}` : m.label)))}`
        : `Yêu cầu đã đầy đủ và được chuyển cho ủy ban kiến trúc${w.due ? `, hạn quyết định là ${w.due}` : ''}.`,
      w.fee && `Phí xét duyệt ${w.fee} đã được ghi vào tài khoản của bạn.`,
      w.duplicate && `Lưu ý: bạn đã có một yêu cầu đang mở cho loại dự án này ở căn này (“${w.duplicate}”).`,
      'Ủy ban kiến trúc quyết định yêu cầu — tôi không thể chấp thuận hay từ chối điều gì.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  link: 'Mở yêu cầu của bạn',
  stopped:
    'Được rồi — tôi đã dừng, và không có gì được gửi. Bạn có thể bắt đầu lại bất cứ lúc nào, hoặc dùng mục Yêu cầu kiến trúc trong cổng cư dân.',
  noForm: (w) =>
    [
      `${w.property} không có mẫu đơn xét duyệt kiến trúc cho ${w.wanted}, nên tôi không thể lập yêu cầu ở đây.`,
      w.forms.length > 0 ? `Các mẫu đơn hiện có: ${list(w.forms)}.` : null,
      `Tôi đã hỏi ${w.manager ?? 'quản lý của bạn'} cách để bạn được chấp thuận; họ sẽ trả lời trong phòng làm việc.`,
    ]
      .filter(Boolean)
      .join(' '),
  notOwner:
    'Chỉ chủ sở hữu căn nhà mới có thể xin hiệp hội chấp thuận kiến trúc, và tôi không thấy căn nào đứng tên bạn. Nếu bạn thuê nhà, hãy nhờ chủ nhà gửi yêu cầu; nếu bạn đúng là chủ sở hữu ở đây, quản lý có thể sửa lại hồ sơ.',
  failed: (message) =>
    `Tôi không gửi được yêu cầu: ${message} Không có gì được gửi; bạn có thể thử lại, hoặc dùng mục Yêu cầu kiến trúc trong cổng cư dân.`,
  resume: (question) => `Yêu cầu kiến trúc của bạn chưa được gửi. ${question}`,
};

const texts: Record<AssistantLanguage, ArcTexts> = { en, es, pt, fr, zh, vi };

export const arcTextsIn = (language: AssistantLanguage): ArcTexts => texts[language];
