import type { ArcProjectKind, AssistantLanguage, MessageAnalysis } from '@commonwise/contracts';
import { plainText } from './normalize.ts';
import { isNegatedAt } from './patterns.ts';

/**
 * "I want to put up a fence", "I'd like approval to add a patio", "quiero instalar paneles solares"
 * (issue 22 item 1): an owner who wants to START an exterior project, which the association's
 * architectural committee must approve, and whose request the assistant can take down in the chat.
 * Matched by words, not by the classifier (it was never trained on them), in the languages the
 * assistant speaks; a message that is none of these keeps its own answer.
 *
 * What counts, in order:
 *  - a wish: someone — the writer, never a neighbour — wants, plans, is going to… put up, build,
 *    install, paint, replace, remove… a project thing (a fence, the roof, solar panels, a patio, a tree)
 *    within a few words ("we're thinking of taking out the big oak tree");
 *  - asking for approval of one: "I need approval to replace my roof", "requesting approval for a room
 *    addition", or an architectural request with no project named ("I want to start an ARC request");
 *  - asking how to apply for one: "how do I apply for architectural approval?", "¿cómo pido permiso
 *    para construir un patio cubierto?".
 * What does not, whatever else it says:
 *  - a question about what the rules allow ("Can I paint my door red?", "how tall can my fence be",
 *    "i want to put up a shed, whats allowed", "¿se permiten paneles solares?"): the documents answer it;
 *  - a repair ("the fence by the pool is broken", "my roof is leaking"), a complaint about someone
 *    else ("my neighbour built a shed without approval"), and a request already made ("any news on my
 *    fence request?", "cancel my fence request").
 */

export type ArcProjectWish = {
  /** The kind of project named, by its words; null when none is ("I'd like to request architectural approval"). */
  kind: ArcProjectKind | null;
};

/** The words of each language, on `plainText` (lower case, no accents, no apostrophes). */
type Lexicon = {
  /** Wanting or planning to do something (a third person's wish is ruled out separately). */
  wish: string;
  /** Doing something to the outside of a home: put up, build, install, paint… */
  verbs: string;
  /** The verbs of a colour change ("stain my fence"): a project when what they colour is outside. */
  paintVerbs: string;
  /** What is painted outside: the house, its door, trim, fence… (never a bedroom). */
  paintable: string;
  /** What a project is about, by kind (in the order kinds are looked for when several are named). */
  nouns: Record<ArcProjectKind, string>;
  /** Asking for approval: request, apply for, need (approval, permission…). */
  askApproval: string;
  /** An architectural request itself, with or without a project named. */
  architectural: string;
  /** "How do I apply…", "what do I need to submit": asking how to start one. */
  howToApply: string;
  /** Someone else: a wish of theirs is not the writer's ("my neighbour wants to build…"). */
  others: string;
  /** A repair, a complaint about someone else, a request already made. */
  elsewhere: string;
  /** Asking what the rules allow. */
  rulesAsk: string;
  /** Inside the home: a door, a cabinet or a colour there is not the committee's. */
  interior: string;
  /** How a question starts. */
  questionStart: string;
};

const en: Lexicon = {
  wish: [
    'want|wants|wanted|wanting|wanna|would like|d like|would love|d love|like to|love to',
    'plan|plans|planning|planned|going to|gonna|hope|hoping|looking to|looking at|thinking|think about',
    'intend|intending|need|needs|decided|about to|wish|considering|would',
    // "we're putting up a fence next month": the writer's own plan.
    'im|were|i am|we are',
  ].join('|'),
  verbs: [
    'put up|put in|putting up|putting in|put|putting|build|building|built|install|installing|installed',
    'add|adding|paint|painting|repaint|repainting|stain|staining|replace|replacing|redo|redoing|re do',
    'reroof|re roof|reroofing|change|changing|switch|switching|convert|converting|construct|constructing',
    'erect|erecting|plant|planting|remove|removing|take out|taking out|take down|taking down',
    'cut down|cutting down|cut|get|getting|have|do|landscape|landscaping|extend|extending|expand',
    'enclose|enclosing|pave|paving|pour|set up|swap|upgrade|upgrading|go|going|start|starting|new',
  ].join('|'),
  paintVerbs: 'paint|painting|repaint|repainting|stain|staining|restain|color|colors|colour',
  paintable:
    'house|home|exterior|outside|front door|door|garage door|trim|shutters|siding|fence|stucco|brick|facade|porch|deck|railing|railings|eaves|mailbox|pergola|shed',
  nouns: {
    solar: 'solar|photovoltaic|pv system|pv panels',
    paint:
      'exterior color|exterior colour|house color|house colour|trim color|trim colour|shutters|siding color|color of|colour of',
    fence: 'fence|fences|fencing|privacy fence|retaining wall|garden wall|wall|walls',
    roof: 'roof|roofs|reroof|roofing|shingles|shingle|tile roof|metal roof',
    addition:
      'addition|room addition|bump out|sunroom|sun room|porch|screened porch|patio|patio cover|deck|decks|pergola|gazebo|shed|storage shed|carport|balcony|room|awning|casita',
    landscaping:
      'landscaping|landscape|xeriscape|tree|trees|oak|pine|palm|hedge|hedges|lawn|sod|turf|artificial grass|flower bed|flower beds|garden|pavers|rock garden|shrubs',
    other:
      'windows|window|front door|doors|driveway|walkway|ev charger|charger|generator|satellite dish|antenna|pool|hot tub|spa|basketball hoop|flagpole|playset|play structure|swing set|lighting|gutters|siding|skylight|chimney',
  },
  askApproval:
    'approval|approve|approved|permission|authorization|permit|architectural approval|arc approval|application|sign off',
  architectural:
    'architectural|arc|acc|design review|exterior modification|home improvement|modification request|improvement request|change request|project|exterior',
  howToApply: [
    'how (?:do|can|would|should) (?:i|we) (?:apply|submit|request|start|file|get (?:approval|permission|it approved|an approval)|ask for (?:approval|permission))',
    'how to (?:apply|submit|request|start|file|get (?:approval|permission))',
    'what (?:do|would|should) (?:i|we) (?:need to |have to )?(?:submit|send|file|provide|turn in|give you|send you)',
    'what (?:do|would) (?:i|we) need',
    'where (?:do|can) (?:i|we) (?:apply|submit|request|file)',
  ].join('|'),
  others:
    'he|she|they|neighbor|neighbors|neighbour|someone|somebody|people|owner|owners|hoa|board|you|landlord|tenant|guy|family next door',
  elsewhere: [
    'broken|broke|breaking|leak|leaks|leaking|leaky|fix|fixed|fixing|repair|repaired|repairing|damaged|damage',
    'fell|fallen|falling|blew|blown|collapsed|collapsing|peeling|not working|wont close|wont open|wont lock',
    'inspect|inspected|inspection|clean|cleaned|cleaning|trimmed|trimming',
    'without (?:approval|permission|asking|an approval)|no approval|never got approval|unapproved',
    'cancel|cancelled|canceled|withdraw|status|update on|any update|any news|news on|heard back',
    'my (?:\\w+ )?(?:request|application) (?:is|was|has)|upload|uploaded|uploading',
    'fyi|just letting you know|heads up|in case anyone',
  ].join('|'),
  rulesAsk:
    'allowed|permitted|rules?|regulations?|guidelines?|restrictions?|restricted|how (?:tall|high|big|large|close|far|many)|max|maximum|minimum|limit|limits|is there a rule|are there rules|ccr|ccrs|bylaws?|covenants?|declaration|documents? say|say about',
  interior:
    'interior|inside|indoors|closet|cabinet|cabinets|bedroom|bathroom|kitchen|living room|hallway|basement',
  questionStart:
    'can|could|may|am|are|is|do|does|did|what|whats|which|who|will|would it|should|shall|is it|are we|how|when|where|why',
};

const es: Lexicon = {
  wish: [
    'quiero|quisiera|queremos|quisieramos|me gustaria|nos gustaria|planeo|planeamos|planeando|pienso|pensamos',
    'pensando en|tengo pensado|tenemos pensado|voy a|vamos a|deseo|deseamos|necesito|necesitamos|tengo que',
    'tenemos que|estoy por|estamos por|quiero hacer|me interesa|nos interesa|busco|buscamos',
  ].join('|'),
  verbs: [
    'poner|ponerle|instalar|construir|hacer|pintar|repintar|agregar|agregarle|anadir|cambiar|reemplazar|sustituir',
    'levantar|colocar|quitar|cortar|talar|remover|remodelar|ampliar|techar|plantar|sembrar|cercar|meter|tumbar|derribar',
    'nuevo|nueva|nuevos|nuevas',
  ].join('|'),
  paintVerbs: 'pintar|repintar|pintura|color',
  paintable:
    'casa|fachada|puerta|porton|exterior|barda|cerca|reja|rejas|muro|herreria|ventanas|techo|pergola',
  nouns: {
    solar:
      'paneles solares|panel solar|placas solares|placa solar|energia solar|solares|solar|fotovoltaic\\w*',
    paint: 'pintura|color|colores|fachada',
    fence: 'cerca|cercas|cerco|barda|bardas|valla|vallas|reja|rejas|muro|muros|malla',
    roof: 'techo|techos|tejado|tejados|teja|tejas|lamina|laminas|impermeabilizacion',
    addition:
      'terraza|patio cubierto|pergola|cobertizo|bodega|bodeguita|cuarto|habitacion|recamara|ampliacion|cochera|garaje|porche|deck|toldo|techado|cuartito|estudio|palapa|asador',
    landscaping:
      'arbol|arboles|jardin|paisajismo|cesped|pasto|plantas|arbustos|jardineria|piedras|xeriscape|palmera|palmeras',
    other: 'ventanas|ventana|puerta|puertas|entrada de autos|alberca|piscina|cargador|generador|antena',
  },
  askApproval: 'aprobacion|aprobar|aprueben|permiso|permisos|autorizacion|autoricen|solicitud|tramite',
  architectural:
    'arquitectonic[oa]|arquitectura|arc|comite|modificacion exterior|proyecto|remodelacion|mejora',
  howToApply: [
    'como (?:pido|solicito|hago|tramito|saco|obtengo|consigo|presento|meto|inicio|empiezo)',
    'como (?:se )?(?:pide|solicita|hace|tramita|saca|obtiene|presenta)',
    'que (?:tengo|necesito|tenemos|necesitamos|debo|debemos) (?:que )?(?:presentar|enviar|mandar|entregar|llenar)',
    'que (?:necesito|necesitamos|ocupo|requiero)',
    'donde (?:pido|solicito|presento|meto)',
  ].join('|'),
  others: 'el|ella|ellos|vecino|vecina|vecinos|alguien|la gente|dueno|duenos|inquilino',
  elsewhere: [
    'rot[oa]s?|se rompio|gotera|goteras|gotea|goteando|se cayo|cayo|caido|arreglar|arreglen|reparar|reparen|danad[oa]',
    'sin (?:permiso|aprobacion|autorizacion)|cancelar|retirar|estado de|novedad|novedades|subo|subir|ya mande',
  ].join('|'),
  rulesAsk:
    'se permite|se permiten|permitid[oa]s?|reglas?|reglamento|normas?|altura maxima|maximo|maxima|limite|que tan alt[oa]|cuanto puede|que tan grande|esta permitido|estan permitidos|ccr|ccrs|estatutos|dicen|dice el',
  interior: 'interior|adentro|dentro|closet|armario|gabinete|gabinetes|recamara|bano|cocina|sala',
  questionStart:
    'puedo|podemos|se puede|se permite|es|son|cual|cuales|cuando|donde|que|como|cuanto|cuanta|hay',
};

const pt: Lexicon = {
  wish: [
    'quero|queria|queremos|gostaria|gostariamos|vou|vamos|pretendo|pretendemos|planejo|planejamos|planejando',
    'preciso|precisamos|estou pensando em|estamos pensando em|penso em|desejo|desejamos',
  ].join('|'),
  verbs:
    'colocar|instalar|construir|pintar|repintar|trocar|substituir|fazer|levantar|adicionar|acrescentar|cortar|remover|tirar|plantar|reformar|ampliar|erguer|por|botar|novo|nova',
  paintVerbs: 'pintar|repintar|pintura|cor',
  paintable: 'casa|fachada|porta|portao|muro|grade|cerca|exterior|telhado',
  nouns: {
    solar:
      'paineis solares|painel solar|placas solares|placa solar|energia solar|solares|solar|fotovoltaic\\w*',
    paint: 'pintura|cor|cores|fachada',
    fence: 'cerca|cercas|grade|grades|muro|muros|portao|alambrado',
    roof: 'telhado|telhados|telhas|telha|cobertura',
    addition:
      'deck|varanda|edicula|puxadinho|quarto|ampliacao|pergolado|pergola|garagem|abrigo|deposito|toldo',
    landscaping: 'arvore|arvores|jardim|paisagismo|grama|gramado|plantas|arbustos|palmeira',
    other: 'janelas|janela|porta|portas|piscina|carregador|gerador|antena',
  },
  askApproval: 'aprovacao|aprovar|permissao|autorizacao|solicitacao|pedido',
  architectural: 'arquitetonic[oa]|arquitetura|comite|modificacao externa|projeto|obra|reforma',
  howToApply: [
    'como (?:peco|solicito|consigo|obtenho|envio|inicio|comeco)|como faco (?:para|pra) (?:pedir|solicitar|aprovar|obter|conseguir)',
    'o que (?:preciso|precisamos|devo|tenho que) (?:de )?(?:enviar|mandar|apresentar|entregar)?',
  ].join('|'),
  others: 'ele|ela|eles|vizinho|vizinha|vizinhos|alguem|o pessoal|dono|inquilino',
  elsewhere: [
    'quebrou|quebrad[oa]|vazando|vazamento|goteira|caiu|consertar|conserto|reparar|danificad[oa]',
    'sem (?:permissao|aprovacao|autorizacao)|cancelar|retirar|desisto|desistir|status|novidade|novidades',
  ].join('|'),
  rulesAsk:
    'permitid[oa]s?|pode|podemos|posso|regras?|regulamento|normas?|altura maxima|maximo|maxima|limite|qual a altura|ccr|ccrs|dizem|diz a|convencao',
  interior: 'interior|dentro|armario|banheiro|cozinha|sala',
  questionStart: 'posso|podemos|pode|e permitido|qual|quais|quando|onde|o que|como|quanto|tem|preciso',
};

const fr: Lexicon = {
  wish: [
    'je veux|je voudrais|j aimerais|nous voulons|nous voudrions|nous souhaitons|je souhaite|on veut|on voudrait',
    'nous aimerions|on aimerait|je compte|nous comptons|je prevois|nous prevoyons|je vais|nous allons|on va',
    'j envisage|nous envisageons|on envisage|je dois|nous devons|j ai besoin de|nous avons besoin de',
  ].join('|'),
  verbs:
    'installer|poser|construire|peindre|repeindre|ajouter|changer|remplacer|refaire|abattre|couper|planter|amenager|agrandir|monter|mettre|batir|elever|nouveau|nouvelle',
  paintVerbs: 'peindre|repeindre|peinture|couleur',
  paintable: 'maison|facade|porte|volets|portail|cloture|exterieur|mur exterieur|toit',
  nouns: {
    solar: 'panneaux solaires|panneau solaire|solaires|solaire|photovoltaique\\w*',
    paint: 'peinture|couleur|couleurs|facade|volets',
    fence: 'cloture|clotures|palissade|muret|mur|murs|portail|grillage',
    roof: 'toit|toits|toiture|tuiles|bardeaux',
    addition:
      'terrasse|veranda|abri de jardin|abri|pergola|extension|agrandissement|piece|cabanon|garage|carport|deck|auvent|annexe',
    landscaping: 'arbre|arbres|jardin|amenagement paysager|pelouse|haie|haies|plantations|arbustes|gazon',
    other: 'fenetres|fenetre|porte|portes|allee|piscine|borne de recharge|generateur|antenne',
  },
  askApproval: 'approbation|autorisation|permission|accord|demande|permis',
  architectural: 'architectural\\w*|comite|modification exterieure|projet|travaux',
  howToApply: [
    'comment (?:je peux |puis je |on peut |faire pour )?(?:demander|obtenir|deposer|soumettre|faire une demande)',
    'que (?:dois je|faut il) (?:envoyer|fournir|deposer|soumettre)',
  ].join('|'),
  others: 'il|elle|ils|elles|voisin|voisine|voisins|quelqu un|les gens|proprietaire|locataire',
  elsewhere: [
    'cass\\w*|fuit|fuite|fuites|tombe\\w*|reparer|reparation|abime\\w*|endommage\\w*',
    'sans (?:autorisation|permission|accord)|annuler|retirer|statut|nouvelles',
  ].join('|'),
  rulesAsk:
    'autorise\\w*|est permis|sont permis|qu est ce qui est|regles?|reglement|normes?|hauteur maximum|hauteur maximale|maximum|maximale|limite|est ce que je peux|peut on|puis je|ccr|ccrs|declaration de copropriete|dit|disent',
  interior: 'interieur|placard|chambre|salle de bain|cuisine|salon',
  questionStart:
    'est ce que|est ce qu|puis je|peut on|peux je|je peux|quel|quelle|quels|quelles|quand|ou|comment|combien|a t on|faut il',
};

const lexicons: Partial<Record<AssistantLanguage, Lexicon>> = { en, es, pt, fr };

/** Weak verbs reach only the next few words ("get solar panels", "a new roof"); others reach further. */
const weakVerbs = new Set(
  'get getting have do go going start starting new nuevo nueva nuevos nuevas novo nova nouveau nouvelle hacer fazer mettre meter por'.split(
    ' ',
  ),
);
const reach = { strong: 10, weak: 3 };

/** When several kinds are named, the first named wins, but solar panels on a roof are solar. */
const kindOrder: ArcProjectKind[] = ['solar', 'paint', 'fence', 'roof', 'addition', 'landscaping', 'other'];

const words = (source: string, flags = 'g') => new RegExp(`\\b(?:${source})\\b`, flags);

type Compiled = {
  wish: RegExp;
  /** A project verb within three words after a wish. */
  verbAfterWish: RegExp;
  paintVerbs: RegExp;
  paintable: RegExp;
  nouns: [ArcProjectKind, RegExp][];
  askApproval: RegExp;
  architectural: RegExp;
  howToApply: RegExp;
  /** Someone else in the last two words before a wish. */
  others: RegExp;
  elsewhere: RegExp;
  rulesAsk: RegExp;
  interior: RegExp;
  questionStart: RegExp;
  verbs: RegExp;
};

function compile(lexicon: Lexicon): Compiled {
  return {
    wish: words(lexicon.wish),
    verbAfterWish: new RegExp(`^(?: [a-z]+){0,3}? (${lexicon.verbs})\\b`),
    paintVerbs: words(lexicon.paintVerbs, ''),
    paintable: words(lexicon.paintable),
    nouns: kindOrder.map((kind) => [kind, words(lexicon.nouns[kind])]),
    askApproval: words(lexicon.askApproval),
    architectural: words(lexicon.architectural, ''),
    howToApply: words(lexicon.howToApply, ''),
    others: new RegExp(`\\b(?:${lexicon.others})(?: [a-z]+)?$`),
    elsewhere: words(lexicon.elsewhere, ''),
    rulesAsk: words(lexicon.rulesAsk, ''),
    interior: words(lexicon.interior, ''),
    questionStart: new RegExp(`^(?:${lexicon.questionStart})\\b`),
    verbs: words(lexicon.verbs, ''),
  };
}

const compiled = new Map(
  Object.entries(lexicons).map(([language, lexicon]) => [language as AssistantLanguage, compile(lexicon)]),
);

/** Greetings before what is said ("hi, we'd like…", "hola, quiero…"). */
const greeting =
  /^(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|hola|buenas|buenos dias|buenas tardes|oi|ola|bom dia|boa tarde|bonjour|salut|coucou)(?: there| team| all| a todos| tout le monde)? )+/;

/** How many words come before `index`. */
const wordsBefore = (text: string, index: number) => (text.slice(0, index).match(/\S+/g) ?? []).length;

/** The kinds named from `from` on (within `within` words of it), the first named first; solar first of all. */
function kindsNamed(text: string, lexicon: Compiled, from = 0, within = Infinity): ArcProjectKind[] {
  const found: { kind: ArcProjectKind; at: number }[] = [];
  const start = wordsBefore(text, from);
  for (const [kind, pattern] of lexicon.nouns) {
    for (const m of text.matchAll(pattern)) {
      if (m.index < from) continue;
      if (wordsBefore(text, m.index) - start <= within) found.push({ kind, at: m.index });
      break;
    }
  }
  found.sort((a, b) => a.at - b.at);
  const kinds = found.map((entry) => entry.kind);
  return kinds.includes('solar') ? ['solar', ...kinds.filter((kind) => kind !== 'solar')] : kinds;
}

/** Whether someone else, not the writer, is the one who wants or asks (the two words before `index`). */
const isSomeoneElse = (text: string, index: number, lexicon: Compiled) =>
  lexicon.others.test(text.slice(0, index).trim());

/** "a", "some", "un", "une"…: what a wish names straight after it ("planning a deck", "quiero una pérgola"). */
const indefinite = /^ (?:a|an|some|one|two|un|una|unos|unas|um|uma|une|des|deux|dos|\d+)\b/;

/** Whether something outside is coloured: a paint verb with the house, its door, its fence… just after it. */
function paintsOutside(text: string, lexicon: Compiled, verbAt: number): boolean {
  return [...text.matchAll(lexicon.paintable)].some(
    (m) => m.index >= verbAt && wordsBefore(text, m.index) - wordsBefore(text, verbAt) <= 6,
  );
}

/** The kinds of the writer's first wish that names a project: a wish, a project verb, what it is done to. */
function wishedKinds(text: string, lexicon: Compiled): ArcProjectKind[] | undefined {
  for (const wish of text.matchAll(lexicon.wish)) {
    if (isSomeoneElse(text, wish.index, lexicon) || isNegatedAt(text, wish.index)) continue;
    const after = wish.index + wish[0].length;
    const rest = text.slice(after);
    const verb = lexicon.verbAfterWish.exec(rest);
    if (verb) {
      const verbAt = after + verb[0].length - verb[1]!.length;
      const within = weakVerbs.has(verb[1]!) ? reach.weak : reach.strong;
      const kinds = kindsNamed(text, lexicon, verbAt, within);
      if (lexicon.paintVerbs.test(verb[1]!) && !kinds.includes('solar')) {
        if (kinds.length > 0 || paintsOutside(text, lexicon, verbAt)) return ['paint'];
        continue;
      }
      if (kinds.length > 0) return kinds;
    }
    // "we're planning a kitchen bump-out addition", "I'd like a pergola".
    if (indefinite.test(rest)) {
      const kinds = kindsNamed(text, lexicon, after, 4);
      if (kinds.length > 0) return kinds;
    }
  }
  return undefined;
}

/**
 * The project an owner wants to start, when the message asks to start one; undefined otherwise.
 * `language` is the message's (analyzeMessage); Chinese and Vietnamese are not read yet.
 */
export function arcProjectWish(text: string, language: AssistantLanguage): ArcProjectWish | undefined {
  const lexicon = compiled.get(language);
  if (!lexicon) return undefined;
  const plain = plainText(text).replace(greeting, '');
  if (plain === '' || lexicon.elsewhere.test(plain)) return undefined;
  const asksHow = lexicon.howToApply.test(plain);
  const isQuestion = /[?？]/.test(text) || lexicon.questionStart.test(plain);
  // What the rules allow is for the documents, unless they ask how to apply.
  if (!asksHow && (isQuestion || lexicon.rulesAsk.test(plain))) return undefined;

  const isInside = lexicon.interior.test(plain);
  // A door, a cabinet or a colour inside the home is not the committee's to review.
  const outside = (kinds: ArcProjectKind[]) =>
    isInside ? kinds.filter((kind) => kind !== 'other' && kind !== 'paint') : kinds;
  const wished = outside(wishedKinds(plain, lexicon) ?? []);
  if (wished.length > 0) return { kind: wished[0]! };
  // Asking for approval, or how to apply: for a project named, or for an architectural request.
  const asksApproval = [...plain.matchAll(lexicon.askApproval)].some(
    (m) => !isNegatedAt(plain, m.index) && !isSomeoneElse(plain, m.index, lexicon),
  );
  const affirmedWish = [...plain.matchAll(lexicon.wish)].some(
    (m) => !isNegatedAt(plain, m.index) && !isSomeoneElse(plain, m.index, lexicon),
  );
  const isArchitectural = lexicon.architectural.test(plain);
  if (!asksApproval && !asksHow && !(isArchitectural && affirmedWish)) return undefined;
  const first = outside(kindsNamed(plain, lexicon))[0];
  // "other" things (windows, a driveway) count when something is done to them or the request is architectural.
  if (first && (first !== 'other' || isArchitectural || lexicon.verbs.test(plain))) return { kind: first };
  return isArchitectural ? { kind: null } : undefined;
}

/** The kinds of project a message names, the first named first ("the fence one" → fence), in its language. */
export function kindsNamedIn(text: string, language: AssistantLanguage): ArcProjectKind[] {
  const lexicon = compiled.get(language) ?? compiled.get('en')!;
  return kindsNamed(plainText(text), lexicon);
}

/**
 * The project a message asks to start, as the router reads it: never for an emergency (safety first), a
 * language without texts, or what the classifier is fairly sure is a complaint about someone else ("my
 * neighbour is putting up a fence without approval").
 */
export function startsArcProject(text: string, analysis: MessageAnalysis): ArcProjectWish | undefined {
  if (analysis.isEmergency || !analysis.isLanguageSupported) return undefined;
  if (analysis.intent === 'neighbor_complaint' && (analysis.intentConfidence ?? 1) >= 0.5) return undefined;
  return arcProjectWish(text, analysis.language);
}
