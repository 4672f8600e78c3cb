import type { EmergencyKind } from '@commonwise/contracts';
import { firstAffirmedMatch, floorHeatingWithoutFreezing, isNegatedAt } from './patterns.ts';

/**
 * Emergency triggers in Portuguese, French, Vietnamese and Chinese, in languages the product does not
 * reply in, and for the three kinds added in issue 16 (someone trapped, structural danger, a break-in)
 * in English and Spanish too. They are written against `normalizeText`'s form: lower case, accents and
 * tones removed ("fumaça" → "fumaca", "cháy" → "chay", "đ" → "d"), other scripts kept as they are.
 * Every rule runs on every message whatever its language, so a message that mixes languages, or whose
 * language is guessed wrong, is still caught. When in doubt a rule fires.
 *
 * `W` is "a few words" between two parts of a phrase; patterns over Latin words are whole-word, those
 * over Chinese, Korean, Japanese, Arabic and other scripts are not (they have no spaces to anchor on).
 */
export type LocalRule = {
  id: string;
  kind: EmergencyKind;
  /** Any of these, not negated just before ("não tem cheiro de gás", "没有闻到煤气"). */
  triggers: RegExp[];
  /** All of these must match too (no heat counts only with a sign of cold). */
  also?: RegExp[];
  /** None of these may match. */
  unless?: RegExp[];
  /** Words blanked out before the triggers are tried; by default those of the kind (`kindMasks`). */
  mask?: RegExp[];
};

const W = (count: number) => `(?: [^ ]+){0,${count}}`;
/** Whole words of a Latin-script language (normalised). */
const latin = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'u');
/** Characters of a script without spaces. */
const cjk = (source: string) => new RegExp(source, 'u');

const coldPt =
  'frio|congel\\w*|gelad[oa]|um gelo|abaixo de zero|nevando|neve|tremendo|graus|\\d+ ?f|(?:minus|menos) \\d+';
const coldFr = 'froid|gel\\w*|glacial|frette|(?:moins|minus) \\d+|degres|neige\\w*|grelott\\w+|souffle';
const coldVi = 'lanh|ret|dong da|duoi 0|am do|am \\d+|minus \\d+|do f|\\d+ ?f|do c|tuyet|bang gia|run';
// A temperature counts when it is low (below 60, °F or °C): "屋里50度", not "屋里62度".
const coldZh = '冷|冻|零下|结冰|下雪|暴风雪|发抖|(?<![0-9])[0-5]?[0-9] ?(?:度|°)|minus ?[0-9]+';

const personEn =
  'i|im|we|he|she|they|someone|somebody|person|man|woman|kid|child|toddler|baby|son|daughter|husband|wife|mom|dad|mother|father|grandma|grandpa|neighbor|dog|cat';
const pet =
  'dogs?|pupp(?:y|ies)|cats?|kittens?|pets?|perr[oa]s?|perrit[oa]s?|gat[oa]s?|gatit[oa]s?|mascotas?|cachorr[oa]s?|cachorrinh[oa]s?|gatinh[oa]s?|chiens?|chienne|chiots?|chats?|chatte|chatons?|animal|animaux|toutou|con cho|con meo|cho con|meo con|thu cung|cun';
const confine =
  'lock\\w*|shut\\w*|put|putting|keep\\w*|kept|crat\\w*|clos\\w*|encerr\\w*|meter|meto|dej\\w*|guard\\w*|prend\\w*|pres[oa]s?|tranc\\w*|fech\\w*|deix\\w*|enferm\\w*|mettre|mets|mettrai|laiss\\w*|gard\\w*|nhot|khoa|giu|cot';
const petRoom =
  'rooms?|bedrooms?|bathrooms?|laundry|office|den|closet|crate|kennel|garage|yard|backyard|basement|balcony|patio|cuarto|recamara|habitacion|bano|jaula|quarto|banheiro|lavanderia|varanda|sala|cozinha|quintal|area|casinha|chambre|salle de bain|salle|bureau|cuisine|cage|balcon|sous sol|phong|chuong|nha tam|nha ve sinh|ban cong|san sau';
const stopped =
  'stuck|stopped|stalled|jammed|halted|froze|frozen|trapped|se paro|parado|detenido|atorad[oa]s?|trabad[oa]|atascad[oa]s?|atrapad[oa]s?|parou|travou|travad[oa]|pres[oa]s?|bloquee?s?|coincee?s?|arrete|en panne|ket|dung lai|dung|treo';
const betweenFloors =
  'between (?:floors|two floors|the \\w+ and (?:the )?\\w+(?: floors?)?|\\w+ and \\w+)|entre (?:(?:dos|los|deux|os|dois|2) )?(?:pisos|plantas|andares|etages|niveis|niveaux)|entre (?:el|o|le) \\w+ (?:y|e|et) (?:el|o|le )?\\w+|giua (?:hai |2 )?tang';
const personEs =
  'yo|el|ella|alguien|nino|nina|hijo|hija|bebe|esposo|esposa|mama|papa|abuel[oa]|vecin[oa]|perro|persona';

/**
 * What might happen one day, or what to do if it does: "what should I do if I ever smell gas", "que hago
 * si algún día huele a gas", "em caso de vazamento", "en cas de fuite de gaz", "lỡ nhà mình bị rò rỉ gas",
 * "万一燃气泄漏". The marker and the few words after it are blanked, for every kind.
 */
/** A garden sprinkler spraying the path ("máy tưới nước tự động … nước xịt ra lề đường"): not a flood. */
const gardenWaterVi = 'may tuoi|tuoi nuoc|tuoi cay|tuoi co|voi tuoi|sprinklers?';

export const hypothetical = [
  latin(
    `(?:what (?:should|do|to|would|can) (?:i |we |you |one )?(?:do )?(?:if|when) (?:i |we |you |there |it )?(?:ever )?|what (?:are|am|is) (?:we|i|you|one|residents|people|tenants|owners) (?:supposed|meant|expected|told|allowed) to do (?:if|when|in case)|who (?:do|should|would|can|are) (?:we|i|they|you|people|residents) (?:supposed to )?call (?:if|when)|if (?:someone|somebody|anyone|a person|people|a kid|a child|my kid|a guest|a resident) (?:ever )?(?:gets?|got|is|are|were|was)|que (?:se hace|tenemos que hacer|hay que hacer|debemos hacer) (?:si|cuando|en caso)|if there(?:s| has| had| s| is| was)? (?:ever )?been|(?:si|whether) (?:ha|han|hubo|habia|ha habido)(?: habido)?|se (?:ja )?(?:houve|teve|ja teve)|s il y a (?:deja )?eu|if (?:i |we |you |there |it |they )?(?:ever|is ever|are ever)|if (?:my|the|our|a) (?:[^ ]+ ){0,2}(?:ever|is ever)|if there were (?:any )?|don t want to set off|(?:solo pregunto|no ha pasado nada|just asking)|in case of|in the event of|en caso de|que (?:hago|hacemos|hacer|debo hacer) (?:si|en caso)|si (?:algun dia|alguna vez|un dia|llegara a|llega a haber|hubiera)|em caso de|o que (?:eu )?(?:faco|fazemos|fazer|devo fazer) (?:se|em caso|quando)|se (?:um dia|algum dia|acontecer|por acaso)|en cas (?:de|d)|que faire (?:si|en cas|quand)|(?:quelle est|c est quoi) la procedure|si (?:un jour|jamais)|lo (?:nha|nhu|mai|sau nay|khi|co ngay)|neu (?:co )?(?:ngay nao|lo|sau nay|khi nao)|phong khi)${W(6)}|(?:[^ ]+ ){0,4}(?:hone par|hone pe|ho jaye to|ho jae to)${W(6)}`,
  ),
  cjk('(?:万一|假如|如果哪天|要是哪天|如果有一天|以防)[^ ，。？！,?!]{0,12}|もし[^ 、。？！]{0,12}'),
  // A comparison, not an event: "barks like the building is on fire", "I feel like I'm choking".
  latin(
    `(?:barks?|barking|sounds?|looks?|acts?|yells?|screams?|cries) like (?:the |a |an )?(?:[^ ]+ )?(?:is |was |were )?(?:on fire|collapsing|burning|exploding|coming down)|feel like i m (?:choking|dying|suffocating)`,
  ),
];

/**
 * A question about insurance, or damage claims, naming the danger it covers: "does the master policy
 * cover flood damage", "el seguro cubre inundaciones", "ubezpieczenie obejmuje zalanie", "保险包括水淹".
 */
const coverage = [
  latin(
    `(?:insur\\w*|polic(?:y|ies)|coverage|covers?|covered|claims?|seguros?|cubre|cobertura|aseguradora|seguradora|assurances?|couvre|couverture|bao hiem|ubezpieczeni\\w*|obejmuje)(?: [^ ]+){0,6} (?:flood\\w*|inunda\\w*|alagamentos?|enchentes?|inondations?|degats (?:d eau|des eaux)|zalani\\w*|ngap(?: nuoc)?|fires?|incendios?|incendies?|water damage)|(?:flood|fire|incendio|incendie|water)(?: [^ ]+){0,2} (?:damage|insurance|seguro|assurance|claims?)`,
  ),
  cjk('(?:保险|保单|理赔)[^ ？?]{0,12}(?:水淹|火灾|漏水|泡水)|(?:水淹|火灾|漏水)[^ ？?]{0,6}(?:保险|理赔)'),
];

/**
 * Words that name no danger although they hold a trigger, blanked out before the triggers of every
 * rule of their kind are tried (a rule may set its own `mask` instead). A real danger named elsewhere
 * in the message is still found.
 */
export const kindMasks: Partial<Record<EmergencyKind, RegExp[]>> = {
  fire_smoke: [
    // Figures of speech: "me tienen la vida en llamas", "para mí esto es un incendio".
    latin('(?:la )?vida en llamas|(?:para mi |pa mi )?esto es un incendio|es un incendio (?:para mi|jaja)'),
    // What a fire left behind: soot, smoke stains, smoke damage ("bị ám khói đen", "manchas de humo").
    latin(
      `(?:bi )?am khoi(?: den)?|vet khoi|smoke (?:damage|stains?|smell from last)|soot|hollin|manchas? de humo|fuligem|manchas? de fumaca|traces? de fumee|suie`,
    ),
    // Fire-safety equipment, its tests, inspections and fees: "fire alarm test", "escada de incêndio".
    latin(
      `(?:fire|smoke) (?:alarms?|detectors?|extinguishers?|sprinklers?|exits?|escapes?|doors?|lanes?|hydrants?|drills?|codes?|safety|inspections?|marshals?|department|dept|insurance|pull (?:stations?|box(?:es)?)|panels?|hoses?|blankets?|suppression|system)`,
    ),
    latin(
      `(?:alarmas?|sistemas?|salidas?|escaleras?|extintor(?:es)?|extinguidor(?:es)?|simulacros?|inspeccion(?:es)?|seguros?|puertas?|rociadores|detector(?:es)?|mangueras?|hidrantes?|prevencion|proteccion|plan|ruta|sensor(?:es)?|pruebas?) (?:de |del |contra |anti )?(?:incendios?|fuego)|(?:contra|anti) ?incendios?|corta ?fuegos?|(?:zona|carril|linea) de (?:incendios?|bomberos)`,
    ),
    latin(
      `(?:alarmes?|sistemas?|saidas?|escadas?|extintor(?:es)?|simulados?|simulacros?|inspecao|vistoria|seguros?|portas?|chuveiros?|detector(?:es)?|mangueiras?|hidrantes?|prevencao|brigada|rota|central|botoeira|acionador(?:es)?|sensor(?:es)?|testes?) (?:de |do |da |contra )?(?:incendios?|fogo)|corta ?fogo|anti ?incendio`,
    ),
    latin(
      `(?:alarmes?|systemes?|sorties?|escaliers?|extincteurs?|exercices?|inspections?|assurances?|portes?|gicleurs?|detecteurs?|declencheurs?|boyaux?|bornes?|prevention|securite|avertisseurs?|plans?|panneaux?|tests?|normes?) (?:d |de |des |du |anti )?(?:incendies?|feu)|(?:coupe|pare) feu|anti incendie`,
    ),
    latin(
      `(?:bao|chua|phong|chong) chay|binh cuu hoa|pccc|(?:loi|duong|lan)(?: di)? cuu hoa|(?:voi|tru|xe dau) cuu hoa`,
    ),
    latin(
      `voies? (?:de |d acces )?(?:feu|pompiers?)|(?:detector|detetor|detectores|detetores|alarmes?|sensor(?:es)?) de (?:fumaca|fumo)`,
    ),
    latin(`(?:detector(?:es)?|alarmas?|sensor(?:es)?) de humo|detecteurs? de fumee|avertisseurs? de fumee`),
    // Firing a contractor, a fire sale, a "dumpster fire" of a meeting.
    latin(
      `fire (?:sales?|away)|(?:should|to|can|please|gonna|going to|we|you|i|they|just|lets|will) fire (?:the|our|this|that|them|him|her|these|those)|(?<!there )(?:is|s|was|be|been) (?:an? )?(?:total |complete |absolute |real |such a )?(?:dumpster|garbage|trash) fire|what a (?:dumpster|garbage|trash) fire`,
    ),
    // Colours, stage effects and a busy job: "rojo fuego", "máquina de humo", "c'est le feu au taf".
    latin(
      `(?:rojo|color|colour|rouge|vermelho) (?:fuego|fire|feu|fogo)|fire (?:engine )?red|(?:maquinas?|machines?) (?:de |a )?(?:humo|fumee|fumaca)|(?:fog|smoke|haze) machines?|c (?:etait|est) (?:trop |vraiment |grave )?le feu au (?:taf|travail|boulot|bureau|job)`,
    ),
    // A neighbour's cigarette: "mon voisin fume sur son balcon et toute la fumée rentre".
    latin(
      `(?:voisin\\w*|il|elle|ils|elles|quelqu ?un|gens|locataires?)(?: [^ ]+){0,3} (?:fume|fument|fumait|fumaient)(?: [^ ]+){0,12} (?:fumee|boucane)|(?:fumee|boucane) de (?:cigarettes?|clopes?|tabac|joints?|pot|weed)`,
    ),
    // A danger said not to be there: "no flames", "nothing burning".
    latin(
      `(?:no|not|nothing|without|sin|sem|sans|pas de|khong co|ko co) (?:[^ ]+ )?(?:smoke|flames?|fire|burning|humo|llamas|fuego|fumaca|chamas|fogo|fumee|flammes|feu|khoi|lua)`,
    ),
    // Figures of speech: an inbox, a group chat or a party "on fire", a sore hip "on fire", fuming with anger.
    latin(
      `(?:inbox|phone|email|emails|chat|group chat|group|feed|notifications?|twitter|whatsapp|zap|celular|telefone|telefono|grupo|correo|boite mail|boite courriel|cellulaire|cell|messagerie|messenger)(?: [^ ]+){0,3} (?:(?:is|are|s|esta|ta|tá|est|était) )?(?:blowing up|on fire|pegando fogo|en llamas|ardiendo|en feu|pris feu)`,
    ),
    latin(
      `(?:hip|back|knee|legs?|arms?|skin|throat|mouth|feet|foot|chest|stomach|muscles?|hands?|quadril|costas|joelho|garganta|boca|cadera|espalda|rodilla|hanche|dos|genou|gorge|bouche)(?: (?:is|are|s|esta|ta|est))? (?:on fire|burning|pegando fogo|ardiendo|en feu)`,
    ),
    latin(
      `(?:estoy|estaba|ando|estamos|estou|to) (?:que )?(?:echo|echando|soltando) (?:humo|fumaca)|(?:estoy|esta|estaba|ando) que (?:echo|echa) humo|c (?:etait|est) (?:trop |vraiment |grave )?le feu(?! (?:dans|au|chez|a|en|partout))|(?:fete|soiree|party|fiesta|festa|show|concert|spectacle|match|dj)(?: [^ ]+){0,10} (?:on fire|was fire|en fuego|pegando fogo|le feu)|(?:ca|ils ont|il a|elle a|on a) (?:a )?mis le feu(?! (?:a|au|aux|dans|chez|sur))`,
    ),
    cjk('热得?(?:要|快)?冒烟|(?:嗓子|喉咙)(?:都)?(?:要)?冒烟|气得冒烟'),
    // A burner's or pilot's flame of the wrong colour is no fire: "la flamme est jaune".
    latin(
      // "đỏ" (red) only after Vietnamese "ngọn lửa": in plain form it is English "do" ("a flame … what do i do").
      `(?:chama|flamme|flame|llama|ngon lua)(?: [^ ]+){0,6} (?:amarela|jaune|yellow|amarilla|orange|laranja|naranja|vang)|ngon lua(?: [^ ]+){0,6} do|(?:amarela|jaune|yellow|amarilla|orange|laranja|naranja)(?: [^ ]+){0,2} (?:chama|flamme|flame|llama)|pilot (?:flame|light)`,
    ),
    latin(
      `(?:humo|smoke|fumaca|fumee|khoi) (?:de |from |du |da )?(?:cocinar|cooking|cozinhar|la cuisine|nau an)`,
    ),
    cjk('火(?:苗|焰).{0,6}(?:黄|橙|红)'),
    cjk(
      '화재 ?(?:경보기?|감지기|보험|훈련|점검|대피 ?훈련)|소방 ?(?:훈련|점검|시설)|火災(?:報知器|警報器|訓練|保険)|消防訓練|避難訓練|пожарн\\S* (?:сигнализаци\\S*|тревог\\S*|учени\\S*|выход\\S*|лестниц\\S*|проверк\\S*|инспекци\\S*)|учебная тревога|(?:إنذار|جهاز|تدريب|طفاية|مخرج|تأمين) (?:ال)?حريق|(?:اعلام|زنگ|مانور|کپسول|بیمه) ?(?:ال)?(?:حریق|آتش)|आग (?:का )?(?:अलार्म|अभ्यास|बीमा)',
    ),
    cjk(
      '消防(?:演习|演练|检查|通道|栓|门|设备|器材|费|测试|系统|喷淋|楼梯)|灭火器|防火门|火警(?:测试|演习|演练)|(?:火灾|火警|烟雾)报警器',
    ),
    // What might happen one day: "if it catches fire", "pode pegar fogo", "万一着火了".
    latin(
      `(?:if|could|might|may|would|will|before|gonna|going to|can) (?:[^ ]+ ){0,3}(?:catch|catches|start|starts|cause|causes) (?:a )?fire|fire (?:hazard|risk)|risk of (?:a )?fire`,
    ),
    latin(
      `(?:si|podria|puede|pueden|pueda|antes de que) (?:[^ ]+ ){0,3}(?:incendi\\w*|prend\\w* fuego|se quema\\w*)|(?:riesgo|peligro) de (?:incendio|fuego)`,
    ),
    latin(
      `(?:se|pode|podia|poderia|vai|antes que) (?:[^ ]+ ){0,3}(?:pegar fogo|pega fogo|incendiar|queimar)|(?:risco|perigo) de (?:incendio|fogo)`,
    ),
    latin(
      `(?:si|pourrait|peut|avant que) (?:[^ ]+ ){0,3}(?:prend\\w* feu|brul\\w*|incendi\\w*)|(?:risque|danger) d incendie`,
    ),
    latin(`(?:neu|lo|nho|lo ma|co the|de|so|phong khi|ngo)(?: [^ ]+){0,2} (?:bi )?chay(?! roi)`),
    // Not wanting to start one: "don't want to start a fire", "para no causar un incendio".
    latin(
      `(?:want|wanna|trying|try|avoid|avoiding|not|para no|pra nao|para nao|pour ne pas|pour pas|sans)(?: to)?(?: [^ ]+){0,2} (?:start|cause|starting|causing|provocar|causar|comecar|mettre|provoquer|declencher)(?: (?:a|an|un|una|um|uma|le))? (?:fire|incendio|fuego|fogo|feu|incendie)`,
    ),
    // A burnt-out bulb or fuse: "đèn bị cháy bóng", "cháy cầu chì".
    latin(`(?:bong(?: den)?|den)(?: [^ ]+){0,4} (?:bi )?chay(?: bong)?|chay (?:bong|cau chi)`),
    // Fire equipment with a word between: "trụ nước cứu hỏa", and Arabic plurals ("طفايات الحريق").
    latin(`(?:tru|voi|vo|ong) (?:nuoc )?cuu hoa|cuu hoa`),
    cjk('(?:طفايات|مخارج|أجهزة|اجهزة|فحص|صيانة) (?:ال)?حريق'),
    ...hypothetical,
    ...coverage,
    cjk(
      '(?:万一|如果|要是|假如|假设|会不会|可能会?|容易|怕|担心|以防|防止|小心)[^ ]{0,8}?(?:着火|起火|失火|火灾)|(?:着火|起火|火灾|消防)隐患',
    ),
  ],
  gas_leak: [...hypothetical],
  carbon_monoxide: [...hypothetical],
  break_in: [...hypothetical],
  no_heat_freezing: [
    ...hypothetical,
    // Cold but bearable, said so: "c'est correct pour l'instant", "vẫn chịu được", "fine for now".
    latin(
      `^(?=.*(?<![\\p{L}\\p{N}])(?:(?:correct|ok|okay|supportable|vivable|tolerable|bearable|manageable|fine|doable|aguantable|suportavel|de boa) (?:pour l instant|for now|por ahora|por enquanto|pour le moment)|van chiu duoc|chiu duoc|con chiu duoc)(?![\\p{L}\\p{N}])).*$`,
    ),
    // A pool's heater: cold water in the pool is no danger.
    latin(
      `(?:aquecedor|aquecimento) da piscina|pool heater|heater (?:for|of) the pool|calentador de la (?:piscina|alberca)|chauffage de la piscine|may suoi ho boi`,
    ),
    // Mild weather said in the same message: a cold radiator is a repair, not a danger.
    latin(
      `^(?=.*(?<![\\p{L}\\p{N}])(?:buen tiempo|hace calor|no hace frio|bom tempo|tempo bom|ta calor|faz calor|nao (?:ta|esta) frio|fait beau|fait doux|pas froid|il fait chaud|nice (?:out|outside|weather)|warm (?:out|outside)|not cold|(?:hace|fazendo|faz|ta fazendo|il fait) (?:1[5-9]|2[0-9]|3[0-9]) (?:graus|grados|degres)|troi (?:nong|dep|am ap))(?![\\p{L}\\p{N}])).*$`,
    ),
  ],
  person_trapped: [
    ...hypothetical,
    // A pet shut in a room on purpose ("I'll keep the dog in the bedroom"); a pet left in a car is not masked.
    latin(
      `(?:${confine})${W(3)} (?:${pet})${W(4)} (?:${petRoom})|(?:${pet})${W(3)} (?:${confine})${W(4)} (?:${petRoom})`,
    ),
    cjk('把?(?:狗狗?|猫咪?|宠物|小狗|小猫)(?:先)?(?:关|锁|放)(?:在|进)'),
  ],
  structural_danger: [
    ...hypothetical,
    // A drop now and then, a hairline crack not growing, a missing screw: repairs.
    latin(
      `(?:une |des )?gouttes? (?:d eau )?(?:tombe\\w*|qui tombe\\w*)|(?:a |one )?drop (?:falls|falling)|(?:una )?gota (?:cae|que cae)|(?:uma )?gota (?:cai|caindo)|giot nuoc (?:roi|nho)`,
    ),
    latin(
      `(?:nao|no|not|isnt|ne) (?:ta |esta |is |s )?(?:crescendo|aumentando|abrindo|creciendo|abriendo|growing|getting (?:bigger|wider)|spreading|grandit|s agrandit)|(?:khong|ko) (?:to|rong) (?:them|ra)|fininha|finita|hairline|tiny crack|vet nut nho|petite fissure`,
    ),
    latin(
      `(?:faltando|falta|missing|manque)(?: [^ ]+){0,2} (?:um |un |a |une )?(?:parafuso|tornillo|screw|bolt|vis|boulon)s?|(?:screw|bolt|vis|oc vit)s? (?:fell out|came out|is missing|roi ra|mat)`,
    ),
    cjk(
      '螺丝(?:掉|松|少|丢)了?(?:一颗|一个|几颗)?|墙皮(?:起泡)?(?:脱落|掉)|掉墙皮|油漆(?:起泡|脱落)|腿都要断了|累断了?',
    ),
    // "not sagging", "no cracks", "nothing bulging".
    latin(
      `(?:no|not|isnt|arent|wasnt|never|nothing|without|sin|sem|sans|pas|khong|ko) (?:[^ ]+ )?(?:sagg\\w*|bulg\\w*|bow(?:ing|ed)|cav\\w*|collaps\\w*|cracks?|cracking|droop\\w*|buckl\\w*|hundid[oa]|abombad[oa]|cedendo|estufad[oa]|gonfle|affaiss\\w*)`,
    ),
    // A person who collapsed is hurt, not a building in danger.
    latin(
      `(?:man|woman|person|he|she|hes|shes|guy|lady|someone|somebody|kid|child|neighbor|mom|dad|father|mother|husband|wife|grandma|grandpa|resident|gentleman)(?: [^ ]+){0,2} (?:has |just |suddenly )?collapsed`,
    ),
    // Worn concrete, steps or edges crumbling: wear, not a collapse.
    latin(
      `(?<=(?:steps?|stairs?|staircase|escalones?|escaleras?|peldanos?|cuartead[oa]s?|cracked|concrete|concreto|cemento|sidewalks?|banqueta|acera|curbs?|edges?|bordes?|degraus?|calcada|marches?|trottoirs?|beton|mortar|grout|paint|pintura|bricks?|ladrillos?|tijolos?|stucco|driveway|pavers?)(?: [^ ]+){0,10} )(?:crumbl\\w*|desmoron\\w*|s effrit\\w*|effrit\\w*|esfarel\\w*)`,
    ),
    latin(
      `(?:crumbl\\w*|desmoron\\w*|effrit\\w*|esfarel\\w*)(?= (?:[^ ]+ ){0,2}(?:at|on|along|around|en|por|nas?|nos?|aux?|sur) (?:the |las |los |les |as |os )?(?:edges?|corners?|sides?|surface|bordes|orillas|esquinas|puntas|bordas|pontas|quinas|beiradas|bords|coins))`,
    ),
    // A speed bump, asphalt; a handle; a chipped step; a stain ring on the ceiling: wear, not a collapse.
    latin(
      `(?<=(?:speed bumps?|bumps?|topes?|lombadas?|asphalt|asfalto|pavement|pavimento|parking)(?: [^ ]+){0,6} )(?:crumbl\\w*|desmoron\\w*|se esta desmoronando|effrit\\w*|esfarel\\w*)`,
    ),
    latin(
      `(?:tay nam|tay cam|handle|poignee|macaneta)(?: [^ ]+){0,6} (?:bi )?gay|(?:1|mot) (?:mieng|cuc) (?:nho )?(?:xi mang|be tong)|(?:1|mot) vong (?:vang|nau|o|nuoc)`,
    ),
    latin(`escadas? de incendio|fire escapes?|escaliers? de secours`),
    // A few roof tiles blown off.
    cjk('瓦片?.{0,6}(?:吹掉|掉|松)|(?:吹掉|掉)了?[^ ]{0,4}瓦'),
    // Gutters, downspouts, fences, shelves: what hangs on a building is not its structure ("the gutters
    // on my roof are sagging"). The roof, wall or balcony named as their place is blanked with them.
    latin(
      `(?:rain )?(?:gutters?|downspouts?|eaves ?troughs?|drain ?pipes?|fences?|fencing|shelf|shelves|shelving|mailbox(?:es)?|curtain rods?|blinds|canaletas?|canalones?|bajantes?|calhas?|rufos?|condutores?|gouttieres?|descentes? pluviales?|clotures?|mang xoi|ong xoi)(?: (?:on|of|along|off|above|over|del|de la|de los|de|do|da|dos|das|du|des|sur|tren) (?:the |my |our |their |el |la |los |las |mi |o |a |os |as |meu |minha |le |les |mon |ma )?(?:[^ ]+ )?(?:roof|roofs|balcony|deck|garage|building|house|porch|techo|tejado|balcon|garaje|casa|edificio|telhado|teto|sacada|varanda|garagem|predio|casa|toit|toiture|garage|maison|immeuble|mai|mai nha))?`,
    ),
    // A loose bolt or screw, and nothing giving way: "the railing has a loose bolt, it rattles". A
    // railing that moves, or whose bolts came loose or pulled out, is still found.
    latin(
      `(?:an? |one |some |two |a couple of |un |una |unos |dos |um |uma |uns |dois |une |des |deux )?(?:loose|loosened) (?:bolts?|screws?|nuts?)|(?:bolts?|screws?|nuts?) (?:is |are |seems |feels |a bit |a little )?loose|(?:tornillos?|pijas?|tuercas?) (?:flojos?|flojas?|sueltos?|sueltas?)|(?:parafusos?|porcas?) (?:frouxos?|frouxas?|soltos?|soltas?|bambos?)|(?:vis|boulons?|ecrous?) (?:desserre\\w*|lousses?)`,
    ),
    // Crumbs of plaster or paint (diminutives): wear, not pieces of a ceiling coming down.
    latin(
      `(?:(?:some |a few )?(?:little|tiny|small) (?:bits|pieces|flakes|crumbs|specks)|flakes|crumbs|specks|flecks) of (?:the )?(?:plaster|paint|drywall|stucco|texture|popcorn ceiling)|(?:unos |algunos )?(?:pedacitos?|cachitos?|trocitos?|boronas?|escamitas?) (?:de|del) (?:yeso|pintura|aplanado|techo|plafon|tirol|tablaroca)|(?:uns |umas |alguns )?(?:pedacinhos?|farelos?|farelinhos?|lasquinhas?|migalhas?|pelinhas?) (?:de|do|da) (?:reboco|tinta|gesso|massa|teto|forro|pintura)|(?:des |quelques )?(?:petits (?:morceaux|bouts)|miettes|flocons|ecailles) (?:de|du|d) (?:platre|peinture|gypse|crepi|plafond)`,
    ),
  ],
  electrical_hazard: [
    ...hypothetical,
    // A missing cover plate, wires seen inside their box and no shock: "não tá dando choque nem nada".
    latin(
      `(?:sem|without|missing|no|sin) (?:o |the |la )?(?:espelho|tampa|tampinha|cover ?plate|face ?plate|cover|tapa|tapita|cache|plaque)|(?:nao|no|not) (?:ta |esta |is )?(?:dando|giving|dando) (?:choque|toques?|shocks?) nem nada`,
    ),
    cjk('咔+打火|打火(?:但是?|可是)?不出火|点不着'),
    // The fixture named by what it once did, to book its repair: "thursday is fine for the outlet that sparked".
    latin(
      `(?:works|is fine|fine|ok|okay|good|booked|scheduled|confirmed|perfect|esta bien|perfeito|parfait)(?: [^ ]+){0,2} (?:for |para |pour )?(?:the |el |la |o |a |le )?(?:outlets?|sockets?|switch(?:es)?|plugs?|panel|breakers?|lights?|fixtures?|enchufes?|contactos?|tomadas?|prises?)(?: (?:that|which|que))? (?:sparked|shorted|shocked (?:me|him|her|us)|zapped (?:me|him|her)|chispeo|echo chispas|deu choque|soltou faisca|a fait des etincelles)`,
    ),
    latin(
      `(?:outlets?|sockets?|switch(?:es)?|plugs?|panel|breakers?|wires?|lights?|fixtures?|enchufes?|contactos?|tomadas?|prises?)(?: (?:that|which|que))? (?:sparked|shorted|shocked (?:me|him|her|us)|zapped (?:me|him|her)|was sparking|chispeo|echo chispas|deu choque|soltou faisca|a fait des etincelles)(?= (?:[^ ]+ ){0,3}(?:is fine|works|ok|okay|thursday|friday|monday|tuesday|wednesday|saturday|sunday|tomorrow|next|appointment|visit|esta bien|manana|cita|visita|amanha|visita|demain|rendez vous))`,
    ),
    // "nothing sparking", "sem faísca", "ko có tia lửa"; a stove's igniter clicking.
    latin(
      `(?:nothing|no|not|without|sem|nada|rien|pas de|ko co|khong co) (?:[^ ]+ )?(?:spark\\w*|chispas?|faiscas?|etincel\\w*|tia lua)`,
    ),
    cjk('(?:灶|炉子?|燃气灶|煤气灶|热水器)的?打火|打火(?:器|机|针)'),
    cjk('没(?:有)?(?:冒火花?|冒烟|火花|打火|味道|焦味|烧焦)'),
    // Exposed wires behind or under an appliance, out of reach, with no sign they are live: a repair.
    // Hanging wires, wires in reach of people, sparking or wet are still found by the other words.
    latin(
      `(?:(?:exposed|bare|frayed) (?:electrical )?(?:wires?|wiring|cables?)|(?:cables?|alambres?) (?:pelados|expuestos)|fios? (?:expostos|desencapados|descascados)|fils? (?:denudes|exposes|a nu))(?: [^ ]+){0,2} (?:behind|under|underneath|inside|in back of|atras|detras|debajo|dentro|embaixo|debaixo|derriere|sous|dans) (?:of |de |del |de la |do |da |du |de l )?(?:the |my |our |el |la |mi |o |a |meu |minha |le |mon |ma )?(?:dishwasher|fridge|refrigerator|stove|range|oven|washer|dryer|washing machine|cabinets?|microwave|lavaplatos|lavavajillas|lavatrastes|refri|refrigerador|nevera|estufa|horno|lavadora|secadora|gabinete|lava loucas?|geladeira|fogao|forno|maquina de lavar|armario|lave vaisselle|frigo|refrigerateur|cuisiniere|four|laveuse|secheuse|armoire)`,
    ),
  ],
  injury: [
    ...hypothetical,
    // Nobody hurt, anger, a heat wave: "personne n'a été blessé", "me tiene hirviendo la sangre", "on étouffe".
    latin(
      `(?:personne|nadie|nobody|no one|noone|ninguem) (?:n )?(?:a ete |est |was |got |salio |resulto |se |ficou )?(?:blesse\\w*|herid[oa]s?|hurt|injured|lastim\\w*|machucou|ferid[oa])|(?:hirviendo|hierve) la sangre|la sangre (?:me )?hierve|blood boil\\w*|(?:on|j|ca) etouffe(?! (?:avec|sur))|on crev\\w* de chaud|(?:me muero|nos morimos|morrendo|dying) (?:de|of) (?:calor|heat|chaud)`,
    ),
    // Nearly slipped: "差点滑倒", "casi me caigo", "quase caí", "j'ai failli tomber", "suýt té".
    latin(
      `(?:almost|nearly) (?:slipped|fell|tripped|fall|slip)|casi me (?:caigo|resbalo|cai)|por poco me (?:caigo|resbalo)|quase (?:cai|escorreguei|tropecei)|(?:j ai )?failli (?:tomber|glisser)|suyt (?:te|nga|truot)`,
    ),
    cjk('差点(?:滑倒|摔倒|摔|滑)|腿都要断了|累断了?'),
    // Things a car hit: a mailbox, a pole, a gate.
    latin(
      `(?:hop thu|cot (?:dien|den)|tuong|cong|hang rao|mailbox(?:es)?|pole|fence|gate|buzon(?:es)?|poste|caixa de correio|boite aux lettres)(?: [^ ]+){0,6} (?:bi )?(?:xe )?(?:dung|tong|hit by|struck by|atropellad\\w*|chocad\\w*|bateu|heurte\\w*)`,
    ),
    // Heat that makes one feel faint, said of the weather: "nóng muốn xỉu", "so hot I could pass out".
    latin(
      `nong (?:muon |gan |sap )?xiu|so hot (?:i|you) (?:could|might|almost|nearly) (?:faint|pass out|die)|(?:dying|muriendo|morrendo) (?:of|de) (?:heat|calor)`,
    ),
    // A figure of speech: "nearly had a heart attack lol", "casi me da un infarto", "quase tive um infarto".
    latin(
      `(?:nearly|almost|practically|about to|gonna|going to|i will|i ll|casi|por poco|quase|presque|failli|suyt)(?: [^ ]+){0,3} (?:an? |un |uma |une )?(?:heart attack|infarto|ataque (?:cardiaco|al corazon|do coracao)|crise cardiaque|dau tim|stroke)|(?:gave|give|giving|gives|causing) me (?:an? )?heart attack`,
    ),
    // A chair's or a table's broken leg.
    latin(`(?:ghe|giuong|ke|sofa|xich du)${W(8)} (?:bi )?gay (?:chan|tay)`),
    cjk('(?:椅子?|桌子?|床|凳子?|柜子?|架子?|沙发|折叠椅)腿'),
    // A piece of furniture's leg: "a poltrona tem uma perna quebrada", "the table leg is broken".
    latin(
      `(?:chairs?|tables?|couch|sofas?|armchairs?|benches|bench|stools?|beds?|desks?|dressers?|recliners?|loveseats?|ottomans?|cribs?|sillas?|sillon(?:es)?|mesas?|bancos?|bancas?|camas?|escritorios?|muebles?|cadeiras?|poltronas?|banquetas?|moveis|movel|estantes?|chaises?|fauteuils?|canapes?|bancs?|tabourets?|lits?|meubles?)(?: (?:has|had|with|s|tem|tinha|com|tiene|tenia|con|a|avec|one|an|the|uma|um|una|un|une|o|el|la|le|un|front|back|rear|left|right|wobbly|broken|snapped|cracked|loose)){0,4} (?:legs?|feet|piernas?|patas?|pernas?|pes?|pieds?|pattes?)|(?:legs?|feet|piernas?|patas?|pernas?|pes?|pieds?|pattes?) (?:of|de|da|do|del|du|des)(?: (?:the|a|an|la|el|una|un|uma|um|o|le|une|ma|mi|my))? (?:chairs?|tables?|couch|sofas?|armchairs?|benches|bench|stools?|beds?|desks?|dressers?|recliners?|loveseats?|ottomans?|cribs?|sillas?|sillon(?:es)?|mesas?|bancos?|bancas?|camas?|escritorios?|muebles?|cadeiras?|poltronas?|banquetas?|moveis|movel|estantes?|chaises?|fauteuils?|canapes?|bancs?|tabourets?|lits?|meubles?)`,
    ),
    // A worry, not an injury: "怕掉下来砸到人" (afraid it falls on someone). "砸到人了" is still found.
    cjk(
      '(?:怕|担心|害怕|恐怕|以免|免得|防止|生怕|万一|小心)[^ 了]{0,8}砸(?:到|伤)(?:人|头|脚|手|小孩|孩子|路人|行人)?(?!了)',
    ),
  ],
  flooding: [
    ...hypothetical,
    ...coverage,
    // A flood of paperwork, of e-mails, of calls.
    latin(
      `(?:flood|flooded|flooding|inundad[oa]s?|inundando|inondes?|inondee?s?) (?:of|with|de|por|con) (?:[^ ]+ )?(?:emails?|e mails?|messages?|mensajes?|mensagens?|calls?|llamadas?|ligacoes|appels|paperwork|papeleo|papelada|paperasse|complaints?|quejas|reclamacoes|plaintes|requests?|solicitudes|pedidos|demandes|questions?|preguntas|perguntas|texts?|notifications?|notificaciones|notificacoes|people|gente|tourists?|turistas|applications?|orders?|spam|work|trabajo|trabalho|travail|mail|correos?|courriels?|letters?|cartas)`,
    ),
    // A gutter overflowing in the rain, a washer that will not fill, standing water in a clogged sink.
    latin(
      `(?:gutters?|canaletas?|calhas?|gouttieres?|mang xoi|ong xoi)(?: [^ ]+){0,4} (?:overflow\\w*|desbord\\w*|transbord\\w*|deborde\\w*|tran)`,
    ),
    latin(`(?:wont|doesnt|does not|will not|not|isnt|no) (?:fill\\w*|filling)(?: up)? with water`),
    latin(
      `(?<=(?:sink|tub|bathtub|shower|drain|dishwasher|washer|washing machine|fridge|refrigerator|freezer|ice maker|drip pan|air conditioner|ac unit|lavavajillas|lavaplatos|lavadora|refri|nevera)(?: [^ ]+){0,12} )(?:still )?standing water|standing water (?:at|in) the bottom`,
    ),
    // A weak jet is low pressure, not a gush: "o jato de água tá muito fraco", "el chorro sale débil".
    latin(
      `(?:jato|jatos|pressao|fluxo|vazao|chorro|chorros|presion|flujo|jet|pression|debit|stream|flow|pressure)(?: [^ ]+){0,8} (?:fraco|fraca|fraquinh[oa]|baix[oa]|debil|bajo|baja|flojo|flojito|faible|basse|weak|low)`,
    ),
    // Water standing in a clogged shower or tub, however deep: it is held in the fixture, not a flood.
    latin(
      `(?<=(?:entupid\\w*|clogged|clog|blocked|tapad[oa]|tapon\\w*|bouche\\w*|obstrue\\w*|nao escoa|no drena|no baja|doesnt drain|wont drain|not draining|se vide pas)(?: [^ ]+){0,10} )(?:(?:the |a |o |el |l )?(?:water|agua|eau) )?(?:(?:just |only |fica |ta |esta |se )?(?:sits?|stands?|pools?|pooling|is pooling|collects?|stays?|acumulad[oa]|acumula|parad[oa]|empocad[oa]|queda|estanca|acumula|estancad[oa]|reste|stagne|s accumule))(?: [^ ]+){0,3} (?:up to (?:my|the) ankles?|ankle deep|ate (?:o|a) (?:tornozelo|canela)|hasta (?:los|el|las) (?:tobillos?|rodillas?)|(?:jusqu )?aux chevilles)`,
    ),
    cjk('(?:排水沟|檐沟|天沟|屋檐).{0,24}溢'),
    latin(`(?<=(?:nghet|tac|bi nghet|bi tac)(?: [^ ]+){0,10} )(?:nuoc )?ngap (?:toi|den|len) mat ca`),
    // A hot soak: "ngâm nước nóng".
    latin(`ngam (?:minh|chan|bon|nuoc (?:nong|am))`),
  ],
};

/**
 * Events that are over, for the kinds in `settled.kinds`: a fire already out, a pipe already shut off, a
 * gas smell the gas company came for yesterday, an alarm that went off last month.
 * - `resolved` ("c'est éteint", "fechei o registro", "đã khoá nước", "没有再流"), not negated: the
 *   message raises nothing, unless it says the danger goes on (`ongoing`: "still", "de novo", "又") or
 *   names it again after "now", "today" or "still" (`presentTail`).
 * - `past` ("last week", "hier", "ontem", "hôm qua", "上周"): the phrase and about eight words either
 *   side are blanked before the triggers are tried again (`withoutPast`), so "a pipe burst last week,
 *   today water is pouring through the ceiling" is still found. "Since yesterday" is not over.
 */
export const settled: {
  kinds: ReadonlySet<EmergencyKind>;
  past: RegExp[];
  resolved: RegExp[];
  /**
   * Over, for one kind, in place of `resolved` (whose words, such as a fire "out" or a light "灭了", say
   * nothing of it): someone trapped who got out ("ya lo saqué", "got him out").
   */
  resolvedFor: Partial<Record<EmergencyKind, RegExp[]>>;
  /** Over, for one kind, besides `resolved`. */
  alsoResolved: Partial<Record<EmergencyKind, RegExp[]>>;
  ongoing: RegExp[];
} = {
  kinds: new Set<EmergencyKind>([
    'gas_leak',
    'fire_smoke',
    'carbon_monoxide',
    'flooding',
    'electrical_hazard',
    'injury',
    'break_in',
    'person_trapped',
  ]),
  past: [
    // A weekday or a month gone by: "last tuesday", "el martes pasado", "mardi dernier", "in February".
    latin(
      `(?<!(?:since|desde|depuis|from)(?: [^ ]+){0,2} )(?:(?:el |la |na |no )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|segunda|terca|quarta|quinta|sexta)(?: feira)? passad[oa]|(?:el )?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo) pasado|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) dernier|(?:in|en|em) (?:january|february|march|april|june|july|august|september|october|november|december|enero|febrero|marzo|abril|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janeiro|fevereiro|marco|junho|julho|setembro|outubro|novembro|dezembro|janvier|fevrier|mars|avril|juin|juillet|aout|septembre|octobre|novembre|decembre))`,
    ),
    // "Since that thing with the boy …", "further to the gas smell": an event referred to as over.
    latin(
      `desde lo (?:del?|que paso)|suite (?:a|au|aux) (?:l |la |le |les )?|a raiz (?:de|del) |further to (?:the|our|my) `,
    ),
    // "dimanche passé", "l'inondation de 2022", "desde que se inundó … el año pasado".
    latin(
      `(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) passe|(?<!(?:since|desde|depuis|from|starting|a partir)(?: [^ ]+){0,2} )(?:de|en|in|del|of|em|du|de l an) (?:19|20)\\d\\d(?! \\d)|desde que se (?:inundo|incendio|quemo|rompio|cayo)|depuis (?:l inondation|l incendie|le degat des eaux)|since the (?:flood|fire)`,
    ),
    // An event named by its weekday: "the flood from monday", "el incendio del domingo", "during the fire sunday".
    latin(
      `(?:fire|flood|flooding|leak|outage|incendio|inundacion|fuga|apagon|incendie|inondation|fuite|panne|alagamento|enchente|vazamento|incendio|queda de energia|gas|gaz|smell|odor|odour|odeur|olor|cheiro|sparks|chispas|etincelles)(?: (?:from|on|of|last|del|de|do|da|du))? (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo|segunda|terca|quarta|quinta|sexta|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)`,
    ),
    latin(
      `vu (?:ngap(?: nuoc)?|chay|ro ri|vo ong)(?: [^ ]+){0,3} (?:hom |toi )?(?:thu (?:hai|ba|tu|nam|sau|bay)|chu nhat)`,
    ),
    cjk('(?<!から)(?:先週|昨日|先月|去年|この前)'),
    latin(
      `(?<!(?:since|desde|depuis|tu|started|began|comecou|empezo|commence)(?: [^ ]+){0,2} |from )(?:yesterday|last (?:night|weeks?|months?|year|weekend|time|winter|summer|spring|fall|autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|the other day|(?:\\d+|two|three|a few|couple of|couple) (?:days|weeks|months) ago)`,
    ),
    latin(
      `(?<!(?:since|desde|depuis|tu|started|began|comecou|empezo|commence)(?: [^ ]+){0,2} |from )(?:ayer|anoche|(?:la )?semana pasada|(?:el )?mes pasado|el otro dia|hace (?:\\d+|dos|tres|unos) (?:dias|semanas|meses)(?! que))`,
    ),
    latin(
      `(?<!(?:since|desde|depuis|tu|started|began|comecou|empezo|commence)(?: [^ ]+){0,2} |from )(?:ontem|anteontem)`,
    ),
    latin(`(?:na )?semana passada|(?:no )?mes passado|(?:no )?inverno passado`),
    latin(
      `(?<!(?:since|desde|depuis|tu|started|began|comecou|empezo|commence)(?: [^ ]+){0,2} |from )(?:(?:el |la |no |na )?(?:ano|invierno|verano|inverno|verao) pasado|(?:no )?ano passado|l (?:an|annee) (?:derniere?|passee?)|(?:mua dong )?nam (?:ngoai|truoc))`,
    ),
    latin(`outro dia|(?:ha|faz) (?:\\d+|dois|tres|uns) (?:dias|semanas|meses)(?! que)`),
    latin(
      `(?<!(?:since|desde|depuis|tu|started|began|comecou|empezo|commence)(?: [^ ]+){0,2} |from )(?:hier|avant hier|(?:la )?semaine (?:passee|derniere)|(?:le )?mois (?:passe|dernier)|l hiver (?:passe|dernier)|l autre jour|il y a (?:\\d+|deux|trois|quelques) (?:jours|semaines|mois)(?! que))`,
    ),
    latin(
      `(?<!(?:since|desde|depuis|tu|from|started|began|comecou|empezo|commence|bat dau)(?: [^ ]+){0,2} )(?:hom qua|toi qua|dem qua|tuan truoc|thang truoc|hom truoc|bua truoc|may hom truoc)`,
    ),
    cjk('(?<!从|自从)(?:昨天|昨晚|前天|上周|上个?星期|上个?礼拜|上个?月|前几天|前阵子|上次|去年|前年)'),
  ],
  resolved: [
    // All well again, said plainly: "tout va bien, désolée pour le bruit", "all good now".
    latin(
      `(?<!(?:que|espere|j espere|si) )tout va bien|all good now|all sorted|sorry for the scare|false alarm|(?:it|that) was (?:just )?(?:the )?(?:new |my |our )?(?:fertilizer|batteries|battery)|batteries (?:were )?dying|swapped (?:them|the batteries)|era en (?:mi|el) (?:videojuego|juego|tele|pelicula|serie)|in (?:my|the) (?:video ?game|movie|show)|everything (?:is |s )?(?:fine|ok|okay) now|(?:everyone|everybody) is (?:fine|ok|okay)(?: now)?`,
    ),
    latin(
      `(?:fire|flames?) (?:is|was|are|were|went) (?:all |already |now )?out(?! of)|(?:its|it is|it was) (?:all |already )?out(?! of| there)|put (?:it|the fire) out|(?:was|were|been|got) put out`,
    ),
    latin(`(?:stopped|quit) (?:leaking|smoking|flowing|pouring|burning)`),
    latin(
      `(?:valve|water|main|gas)(?: is| was| already| now){1,2} (?:closed|shut off|turned off|off)|power is off to (?:it|them|the \\w+)|capped off`,
    ),
    latin(
      `fausse alerte|falsa alarma|alarme falso|falso alarme|just a (?:bruise|scrape)|no more (?:water|smoke|smell|leak\\w*|flames)|no longer (?:leak\\w*|smok\\w*|smell\\w*)|(?:said|says) (?:it s |its |it was |everything is |everything was |all )?(?:fine|ok|okay|safe|nothing)|false alarm|nothing (?:was )?found`,
    ),
    latin(
      `(?:fuego|incendio|llamas?)(?: [^ ]+){0,6} (?:ya )?(?:se )?(?:esta )?apag(?:o|ad[oa]s?|aron)|(?:lo|la) apag(?:amos|ue|aron)|cerr(?:e|amos) (?:la |el )?(?:llave|valvula|agua|paso|gas)|ya no (?:sale|hay|huele|gotea)|dijeron que (?:todo )?(?:esta |estaba )?(?:bien|ok|nada)|(?:la )?corriente (?:ya )?(?:esta )?cortada|ya (?:esta|estamos|quedo) (?:todo )?bien|todo (?:esta )?bien ya|(?:el olor|el humo|eso|it|that|the smell|the smoke|l odeur|la fumee|c) (?:a quemado )?(?:era|was|etait) (?:just |solo |nomas |juste )?(?:la |el |mi |my |the |le |mon |ma )?(?:tostada|pan|comida|cena|palomitas|toast|popcorn|dinner|pizza|griller?|pain|diner)|solo (?:un )?(?:moreton|raspon|golpe)`,
    ),
    latin(
      `(?:fogo|chamas?|incendio)(?: [^ ]+){0,6} (?:ja )?(?:foi |foram |esta |ta )?apag(?:ou|ad[oa]s?|aram)|apag(?:amos|uei) o fogo|(?:conseguimos|consegui|bombeiros|vizinho) apaga(?:r|ram) o fogo`,
    ),
    latin(
      `fech(?:ei|amos|aram) (?:o |a )?(?:registro|agua|gas|valvula)|(?:agua|gas|registro) (?:ja )?fechad[oa]`,
    ),
    latin(`nao (?:sai|vaza|cheira|pinga) mais|nao tem mais (?:agua|fumaca|cheiro|vazamento)`),
    // The circuit switched off: "o zelador desligou o circuito", "turned off the breaker", "coupé le disjoncteur".
    latin(
      `deslig(?:ou|uei|amos|aram) (?:o |a )?(?:circuito|disjuntor|energia|luz|chave geral)|(?:turned|switched|shut) off the (?:breaker|circuit|power to (?:it|them))|(?:apague|apagamos|apagaron|bajaron|baje) (?:el |la )?(?:breaker|interruptor|pastilla|circuito)|(?:coupe|a coupe|ont coupe) (?:le |la )?(?:disjoncteur|circuit)`,
    ),
    latin(
      `(?:cerro|cerraron) la llave(?: [^ ]+){0,6} (?:dijo|dijeron) que (?:quedo|esta|estaba) (?:todo )?(?:seguro|bien)|(?:disseram|falaram) que (?:ta |esta |estava |era )?(?:tudo )?(?:bem|ok|normal|nada)|nao acharam nada|companhia de gas veio`,
    ),
    latin(
      `(?:c est|est|deja|bien|on l a|je l ai|ils l ont|pompiers l ont|feu|ete) etein(?:t|te|ts|tes)|(?:ai|a|avons|ont|est|ete) (?:deja |bien )?(?:ferme|coupe)e? (?:l |la |le |ma |mon )?(?:entree d eau|courant|eau|valve|vanne|gaz|robinet|compteur|cuisiniere|disjoncteur)|coule plus|plus de (?:fumee|fuite|odeur)|(?:feu|incendie)(?: [^ ]+){0,6} etein(?:t|te)|(?:dit|ont dit) que (?:c etait|tout est|tout etait|c est) (?:correct|ok|beau|rien|normal)|rien trouve|tout est (?:beau|correct|ok|correcte)`,
    ),
    latin(
      `da tat|tat lien|dap tat|(?<!quen )tat (?:lua|bep|ga|gas|cau dao|nuoc)(?: roi)?|da khoa (?:nuoc|van|gas|ga|binh)|(?:ko|khong|k) (?:chay|ra|xi|ri) nua|(?:noi|bao) (?:ko|khong) sao`,
    ),
    cjk(
      '灭了|扑灭|已经关|关掉了|关好了|没有再|不再|说没事|没事了|已经没有了|今天(?:早上)?已经没有|水也停了|修好了|换好了|已经(?:来)?(?:修|换|处理)|(?:报修|工单|申请).{0,2}取消|取消.{0,6}(?:报修|工单|申请)|已经干了',
    ),
    // Fixed, replaced, cancelled: "the plumber fixed the burst pipe, everything is dry now".
    latin(
      `(?:hasnt|has not|didnt|did not) happen(?:ed)? again|(?:fixed|repaired|replaced|patched|swapped) (?:it|the|our|my|that)|(?:everything|all|its|it is|it s) (?:is |s )?(?:dry|fine|ok|okay|good) now|all dry now|cancel\\w* (?:the|my|that) (?:request|ticket|work order)|(?:electrician|plumber|technician|maintenance)(?: [^ ]+){0,2} (?:came|already came|fixed|replaced)`,
    ),
    latin(
      `ya vino (?:el|la) (?:electric\\w*|plomero|tecnico|conserje|muchacho|senor)(?: de mantenimiento)?|ya (?:lo |la )?(?:arreglaron|arreglo|cambiaron|cambio|repararon|reparo)|lo (?:cambio|cambiaron|arreglo|arreglaron|reparo|repararon)|cancel(?:en|a|o|ar)(?: [^ ]+){0,2} (?:lo|el|la|mi)|ya (?:se )?seco|ya esta seco|ya quedo(?! (?:atrapad|encerrad|trabad|atorad|adentro|dentro))|(?:ya )?no ha vuelto a (?:pasar|suceder|ocurrir|hacerlo)`,
    ),
    latin(
      `(?:ja )?(?:veio|vieram) e (?:trocou|arrumou|consertou|trocaram|arrumaram|consertaram)|(?:arrumou|consertou|trocou|trocaram|consertaram|arrumaram) (?:o|a|os|as)|pode cancelar|cancel\\w* o chamado|(?:ja )?secou|(?:eletricista|encanador|tecnico|zelador)(?: [^ ]+){0,2} (?:ja )?(?:veio|trocou|arrumou|consertou)`,
    ),
    latin(
      `(?:a|ont|avons) (?:deja )?(?:repare|change|remplace|regle)|annul\\w*(?: [^ ]+){0,2} (?:ma |la )?demande|tout est sec|c est sec|(?:electricien|plombier|technicien|concierge)(?: [^ ]+){0,2} (?:est (?:deja )?passe|est venu|a repare|a change)`,
    ),
    latin(
      `(?:da|vua|moi) (?:sua|thay|sua xong|khac phuc|thay xong)|huy(?: [^ ]+){0,3} (?:yeu cau|phieu|bao)|(?:tho|tho dien|tho ong nuoc)(?: [^ ]+){0,2} (?:(?:da |vua )(?:toi|den|sua|thay)|(?:toi|den)(?: roi)?|sua (?:xong|roi|lai))|(?:sua|thay|khac phuc) (?:xong|lai roi|roi)|kho (?:roi|het|rao)`,
    ),
  ],
  // A power cut ends an electrical hazard (the sparks stop), not the others: charcoal or a generator
  // burned because the power is out is how carbon-monoxide poisoning starts.
  alsoResolved: {
    electrical_hazard: [
      latin(
        'ya (?:lo |la )?(?:tengo|tenemos) apagad[oa]|(?:lo|la) (?:tengo|tenemos|dejamos|deje) apagad[oa]|no (?:lo|la) (?:uso|usamos|he usado|hemos usado)|(?:je|on|nous) (?:ne )?l utilis(?:e|ons) plus|(?:have|kept|left|keep) (?:it|the breaker|the outlet|that outlet) (?:off|unplugged)|(?:not|stopped|havent been) using (?:it|that outlet|the outlet)|cup dien|ngat dien|mis aux (?:encombrants|poubelles|vidanges)|(?:threw|thrown|tossed) (?:it|them) (?:out|away)|(?:lo|la) (?:tire|tiramos|bote|botamos) a la basura|(?:bulk|curb) (?:trash|pickup)',
      ),
    ],
  },
  resolvedFor: {
    person_trapped: [
      latin(
        `got (?:him|her|them|it|everyone|everybody|the \\w+) out|(?:popped|pried|got) (?:it|the door|the lock) open|ya (?:le|lo|la) abri|(?:he|she|they|we|i) got out (?:fine|ok|okay|safely|already)|(?:its|it s|has) been (?:fine|ok|okay) since|(?:ya )?(?:lo|la|los|las) (?:saque|sacamos|sacaron)|ya (?:salio|salieron|salimos)|ja (?:tirei|tiramos|tiraram|saiu|sairam)|(?:tirei|tiramos|tiraram) (?:ele|ela|eles|elas)|(?:on|je|ils) l a sorti|(?:da|vua) (?:ra|cuu) (?:duoc|dc)|c est (?:repare|regle|arrange)|(?:esta|ta) (?:arreglado|consertado)`,
      ),
      cjk('已经(?:出来|救出|被救)|もう直って|もう出られ|出られました'),
    ],
  },
  ongoing: [
    // The smell that does not go away after the valve was shut: "o cheiro não passa".
    latin(
      `(?:smell|odor|it)(?: [^ ]+){0,2} (?:wont|doesnt|will not|does not) go away|(?:el )?olor(?: [^ ]+){0,5} (?:que )?no se (?:va|quita)|no se (?:va|quita) el olor|(?:o )?cheiro nao (?:passa|sai|vai embora)|l odeur (?:ne )?(?:part|s en va) pas|(?:smell|odor)(?: [^ ]+){0,3} (?:remains|stays|lingers|is still there)|(?:el )?olor (?:sigue|persiste|se queda)|(?:o )?cheiro (?:permanece|persiste|fica)|(?:l )?odeur (?:reste|persiste|est toujours la)`,
    ),
    latin(
      `still(?! (?:closed|shut|open|out of (?:service|order)|waiting|fine|ok|okay|good|working|no news|not fixed|damp|wet|soggy|moist|musty|smells?|smelly|drying|stained|staying|looks?|ugly|dirty))|(?<!(?:happens?|happening|happened|occurs?|occurring) )again|keeps?|continues|(?:wont|will not|cant|can not|cannot) (?:stop|shut|turn)`,
    ),
    latin(
      `(?:ta|esta|se pone|se puso) (?:mas )?peor|cada vez (?:mas fuerte|peor)|getting (?:worse|stronger)|(?:worse|stronger) now|(?:c est|est) (?:encore )?pire|de plus en plus fort|(?:ta|esta|ficou) (?:pior|mais forte)|otra vez|de nuevo|siguen? (?:caliente|calientes|haciendo ruido|zumbando|chispeando|sonando|pitando|saliendo|sangrando|quemando|ardiendo|oliendo|goteando|echando|el (?:humo|fuego|agua)|habiendo)|todavia (?:sale|huele|hay|esta)|no para|no se (?:apaga|detiene)`,
    ),
    latin(
      `de novo|outra vez|voltou a|continua(?! (?:com )?(?:o |a )?(?:registro |agua |luz |energia )?(?:fechad|desligad|sem agua|sem luz))|ainda (?:esta |ta )?(?:saindo|pegando|queimando|vazando|cheirando|jorrando|sai|tem fumaca|tem cheiro)|nao para|nao (?:consigo|consegui) (?:fechar|desligar|apagar)`,
    ),
    latin(
      `de nouveau|a nouveau|recommence\\w*|reprend\\w*|continue\\w*|encore de la fumee|sent encore|(?:brule|fume|coule|siffle) encore|arrete pas|(?:arrive|peux) pas a (?:fermer|couper|eteindre)`,
    ),
    latin(
      `lien tuc|lai (?:chay|boc|ra|xi|phun|keu|ngap|bi)|con (?:boc khoi|khoi|chay|ra khoi|xi|phun|mui(?! (?:khet |chay )?nhe))|van (?:con |dang )?(?:chay|boc khoi|ra khoi|xi|phun|keu|con khoi|con mui)|(?:khong|ko) ngung|(?:khong|ko|k) (?:khoa|tat|dap) (?:duoc|dc)`,
    ),
    cjk('又|还在|一直(?!没|未|不|正常|好好)|不停|关不掉|关不上|停不下来|再次'),
  ],
};

/** "Now", "today", "still": what follows them is read again for a danger going on now, in a message about one that is over. */
const present = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:now|today|tonight|still(?! (?:closed|shut|open|out of (?:service|order)|waiting|damp|wet|soggy|moist|musty|drying|stained|staying|looks?|ugly|dirty))|ahora|hoy|todavia|agora|hoje|ainda|maintenant|aujourd hui|ce soir|encore|toujours|bay gio|gio|hom nay)(?![\\p{L}\\p{N}])|现在|今天|此刻|还|仍',
  'gu',
);

/** The words after the last "now", "today" or "still" of a message, or undefined when it has none. */
export function presentTail(text: string): string | undefined {
  const found = [...text.matchAll(present)].at(-1);
  return found === undefined ? undefined : text.slice(found.index + found[0].length);
}

/** Whether a message says its danger goes on now ("still", "de novo", "又"). */
export function goesOn(text: string): boolean {
  return settled.ongoing.some((p) => p.test(text));
}

/** Whether a message says its event is resolved (`settled.resolved`, not negated). */
export function isResolved(text: string): boolean {
  return firstAffirmedMatch(text, settled.resolved) !== -1;
}

const PAST_REACH = 8;
/**
 * Words that turn to another matter, which the blanking around a past-time phrase does not cross: "I
 * paid in January by Zelle, and another thing, the CO detector is beeping nonstop".
 */
const TOPIC_TURN = '(?:but|pero|mais|also|tambien|aussi|anyway|btw|ademas|otra|another|autre|sinon|outra)';
/**
 * The message with each past-time phrase and the words around it (its clause, roughly) blanked out:
 * "the fire last week" names no fire now, "a pipe burst this morning, water everywhere" still does.
 */
export function withoutPast(text: string): string {
  let out = text;
  for (const pattern of settled.past) {
    const around = new RegExp(
      `(?:(?!${TOPIC_TURN} )[^ ]+ ){0,${PAST_REACH}}[^ ]*?(?:${pattern.source})[^ ]*(?: (?!${TOPIC_TURN}(?: |$))[^ ]+){0,${PAST_REACH}}`,
      `${pattern.flags.replace('g', '')}g`,
    );
    out = out.replace(around, (phrase, ...rest) => {
      const offset = rest.at(-2) as number;
      const inner = pattern.exec(phrase);
      return inner && !isNegatedAt(text, offset + inner.index) ? '_' : phrase;
    });
  }
  return out;
}

/**
 * Vietnamese words whose tone-less form is ambiguous, with the spellings that name the danger: "cháy"
 * burns but "chảy" flows and "chạy" runs, "khói" is smoke but "khỏi" is "no need".
 */
const dangerousSpellings: Partial<Record<EmergencyKind, Record<string, string[]>>> = {
  fire_smoke: { chay: ['cháy'], khoi: ['khói'], lua: ['lửa'] },
  flooding: { ngam: ['ngấm'], ngap: ['ngập'] },
  injury: { xiu: ['xỉu'] },
};
const vietnameseMarks = /[ăâđêôơư\u1ea0-\u1ef9]/u;
const MINUS = '\u2212';

/** The words of a message as written, one for each word of `plainText`'s form. */
function writtenWords(original: string): string[] {
  return original
    .toLowerCase()
    .normalize('NFC')
    .replace(/(?<![\p{L}\p{N}])[-\u2212](?=\d)/gu, MINUS)
    .replace(/(?<![\p{L}\p{N}])(l|d|j|n|s|c|qu)['’](?=\p{L})/gu, '$1 ')
    .replace(/[’'`´]/g, '')
    .replace(/[^\p{L}\p{N}\u2212]+/gu, ' ')
    .trim()
    .split(' ');
}

const unmarked = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .normalize('NFC')
    .replace(MINUS, '');

/**
 * The texts a kind's rules read, when the message as written tells them more than its plain form:
 * a Vietnamese word written with the tone of a harmless sense keeps its tone marks (so "chảy" no longer
 * matches a rule for "cháy"), and for lost heat a temperature below zero reads "minus 10". Undefined
 * when nothing changes or the written words cannot be lined up with the plain ones.
 */
export function writtenView(
  kind: EmergencyKind,
  texts: { normalized: string; plain?: string },
  original: string | undefined,
): { normalized: string; plain: string } | undefined {
  if (original === undefined || texts.plain === undefined) return undefined;
  const spellings = vietnameseMarks.test(original.toLowerCase().normalize('NFC'))
    ? dangerousSpellings[kind]
    : undefined;
  const readsMinus = kind === 'no_heat_freezing' && /[-\u2212]\d/.test(original);
  if (spellings === undefined && !readsMinus) return undefined;
  const written = writtenWords(original);
  const plain = texts.plain.split(' ');
  const normalized = texts.normalized.split(' ');
  if (written.length !== plain.length || normalized.length !== plain.length) return undefined;
  if (written.some((word, i) => unmarked(word) !== plain[i])) return undefined;
  const replaced = written.map((word, i) => {
    if (readsMinus && word.startsWith(MINUS)) return `minus ${word.slice(1)}`;
    const senses = spellings?.[plain[i]!];
    return senses !== undefined && !senses.includes(word) ? word : undefined;
  });
  if (replaced.every((word) => word === undefined)) return undefined;
  const view = (words: string[]) => words.map((word, i) => replaced[i] ?? word).join(' ');
  return { normalized: view(normalized), plain: view(plain) };
}

export const localRules: LocalRule[] = [
  // English phrasings written after the first measurement (training messages en-t-0404 on).
  {
    id: 'fire_smoke/en-more',
    kind: 'fire_smoke',
    triggers: [
      latin(
        `fill\\w*${W(2)} (?:up )?with smoke|smoke${W(2)} (?:filling|everywhere|pouring)|black smoke|transformer${W(3)} smoking`,
      ),
    ],
    unless: [latin('bbq\\w*|grill\\w*|cigarette\\w*|vap\\w*')],
  },
  {
    id: 'carbon_monoxide/en-more',
    kind: 'carbon_monoxide',
    triggers: [
      latin(
        `(?:carbon monoxide|co) (?:detector|alarm|sensor)${W(4)} (?:reading|beep\\w* like crazy|going crazy|screaming|ppm)`,
      ),
    ],
    unless: [latin('battery|chirp\\w*|end of life')],
  },
  {
    id: 'person_trapped/en-more',
    kind: 'person_trapped',
    triggers: [
      latin(
        `(?:elevator|lift)${W(3)} (?:jammed|stuck|stopped|stalled|broke down|wont open|won t open)${W(8)} (?:with|inside|someone|people|person|lady|man|kid|child|me|us)|(?:doors?|lock)${W(4)} (?:jammed|stuck|wont budge|won t budge)${W(6)} (?:inside|in there|crying|panicking)`,
      ),
    ],
    unless: [
      latin(
        'yesterday|last (?:week|month|night)|fine now|got out (?:fine|ok)|nobody|no one|empty|all week|out of (?:service|order)',
      ),
    ],
  },
  {
    // A lift stopped between two floors: someone is inside (whoever writes it, or the one they name).
    id: 'person_trapped/between-floors',
    kind: 'person_trapped',
    triggers: [
      latin(
        `(?:elevator|lift|elevador|ascensor|ascenseur|thang may|${stopped})${W(5)} (?:${stopped})${W(4)} (?:${betweenFloors})|(?:${stopped})${W(6)} (?:${betweenFloors})`,
      ),
      cjk(
        '电梯.{0,8}(?:停|卡|困)在?.{0,8}(?:两层|两楼|楼层|层与层|楼与楼|[0-9一二三四五六七八九十]+楼和[0-9一二三四五六七八九十]+楼)(?:中间|之间)|电梯.{0,12}(?:停|卡|不动|坏).{0,24}(?:我|人|孩子|老人|妈|爸).{0,4}在(?:里面|电梯里)',
      ),
    ],
    unless: [
      latin(
        'yesterday|last (?:week|month|night)|nobody (?:inside|in it)|no one (?:inside|in it)|empty|ayer|la semana pasada|vacio|nadie adentro|ontem|vazio|ninguem dentro|hier|vide|personne dedans|hom qua|tuan truoc|khong co ai',
      ),
      cjk('昨天|上周|上个星期|没人|空的'),
    ],
  },
  {
    id: 'structural_danger/en-more',
    kind: 'structural_danger',
    triggers: [
      latin(
        `crumbl\\w*|chunks?${W(3)} (?:hanging|falling|fell)|ceiling${W(6)} (?:fell|collapsed|came down|caved)|(?:railing|steps|stairs|staircase|deck)${W(5)} (?:snapped|broke off|cracking|gave way|collapsed|partially collapsed)|partially collapsed`,
      ),
    ],
    unless: [latin('a little loose|tighten|cookie|market|stocks?')],
  },
  {
    id: 'break_in/en-more',
    kind: 'break_in',
    triggers: [
      latin(
        `kick\\w* (?:it|the door|my door|our door) in|trying to kick|climb\\w* (?:in|into|through)${W(3)} window|(?:stranger|intruder|someone)${W(3)} (?:inside|in) (?:our|my) (?:unit|house|home|apartment|place)|breaking into (?:cars|the cars|units|my)`,
      ),
    ],
    unless: [latin('last night|yesterday|overnight')],
  },
  // More ways to say it in English and Spanish, found after the first tables.
  {
    id: 'gas_leak/en-es-more',
    kind: 'gas_leak',
    triggers: [
      latin(
        `gas (?:detector|alarm)${W(5)} (?:beep\\w*|going off|flashing|sounding|screaming|wont stop)|detector de gas${W(3)} (?:esta )?(?:sonando|suena|pitando|no para)|(?:sss+|silbido|chiflido|hiss\\w*)${W(8)} gas|gas${W(6)} (?:sss+|silbido|chiflido)|huele (?:raro|feo)${W(6)} gas|gas${W(6)} huele (?:raro|feo)`,
      ),
    ],
    unless: [
      latin('gas bill|factura del gas|recibo del gas|batter\\w*|bateria|pila|chirp\\w*|test\\w*|prueba'),
    ],
  },
  {
    id: 'flooding/en-es-more',
    kind: 'flooding',
    triggers: [
      latin(
        `(?:sewage|sewer)${W(4)} (?:backing up|back up|coming up|overflowing|everywhere)|(?:backing up|coming up)${W(3)} (?:with )?(?:sewage|sewer)|water${W(4)} (?:spraying|spray) (?:out|everywhere|all over)|pipe${W(4)} (?:blew|blown|exploded)|ceiling${W(4)} (?:fast|like a faucet|pouring|gushing|streaming)|desbord\\w*${W(8)} (?:no para|sigue|pasillo|cuarto)|aguas negras|agua negra${W(5)} (?:drenaje|regadera|coladera|bano)|(?:drenaje|coladera)${W(4)} (?:agua negra|aguas negras|regresando)|(?:entra|cae|cayendo)${W(2)} (?:muchisima |mucha )?agua${W(5)} (?:techo|cascada)|como (?:una )?cascada`,
      ),
    ],
  },
  {
    id: 'carbon_monoxide/en-es-more',
    kind: 'carbon_monoxide',
    triggers: [
      latin(
        `(?:alarma|detector|sensor) de (?:co|monoxido)|co (?:detector|alarm)${W(5)} (?:screaming|display|ppm|reading|beep\\w* (?:loud|nonstop|constantly))`,
      ),
    ],
    also: [
      latin(
        'suena|sonando|no deja de sonar|no para|mareados?|duele|screaming|display|ppm|reading|going off|loud|nonstop|constantly',
      ),
    ],
    unless: [latin('bateria|battery|chirp\\w*')],
  },
  {
    id: 'injury/en-es-more',
    kind: 'injury',
    triggers: [
      latin(
        `me rompi (?:el|la) (?:tobillo|brazo|pierna|muneca|cadera|pie)|no me puedo (?:parar|levantar|mover)|no (?:se )?puede (?:parar|levantar|mover)(?:se)?`,
      ),
    ],
  },
  {
    id: 'electrical_hazard/en-es-more',
    kind: 'electrical_hazard',
    triggers: [
      latin(
        `(?:panel|breaker box|breaker panel|caja de breakers|panel electrico)${W(12)} (?:hot to (?:the )?touch|buzzing (?:loud|loudly)|smoking|caliente)`,
      ),
    ],
  },
  // Gas
  {
    id: 'gas_leak/pt',
    kind: 'gas_leak',
    triggers: [
      latin(
        `cheiro${W(2)} (?:de )?(?:gas|gaz)|vazamento de gas|vazando gas|ovo podre|detector de gas${W(3)} (?:apitando|tocando|disparou|disparando)|chiado${W(5)} gas|gas${W(4)} chiado`,
      ),
    ],
    unless: [latin('conta de gas|boleto do gas|fogao a gas novo')],
  },
  {
    id: 'gas_leak/fr',
    kind: 'gas_leak',
    triggers: [
      latin(
        `(?:odeur|sent|pue|senteur)${W(3)} (?:le |de |du )?gaz|fuite de gaz|oeufs? pourris?|detecteur de gaz${W(3)} (?:sonne|crie|hurle|declench\\w*|bip\\w*)|siffl\\w*${W(5)} gaz|gaz${W(5)} siffl\\w*`,
      ),
    ],
    unless: [latin('facture de gaz|compte de gaz|lave vaiss?elle|a chaque cycle')],
  },
  {
    id: 'gas_leak/vi',
    kind: 'gas_leak',
    triggers: [
      latin(
        `mui (?:ga|gas|gaz)|ro ri (?:ga|gas|gaz|khi)|xi (?:ga|gas|gaz)|mui trung thoi|(?:may bao|bao dong|canh bao) (?:ga|gas|gaz)${W(3)} (?:keu|hu|reo|bao)`,
      ),
    ],
    unless: [latin('hoa don (?:ga|gas)|tien (?:ga|gas)')],
  },
  {
    id: 'gas_leak/zh',
    kind: 'gas_leak',
    triggers: [
      cjk(
        '煤气味|燃气味|天然气味|瓦斯|闻到(?:一股|很浓的)?(?:煤气|燃气|天然气|gas)|(?:煤气|燃气|天然气|gas)(?:泄漏|泄露|漏了|在漏)|漏气|臭鸡蛋|燃气报警器.{0,4}(?:响|叫)|煤气报警器.{0,4}(?:响|叫)|gas味',
      ),
    ],
    unless: [cjk('燃气费|煤气费|燃气账单')],
  },
  // Fire and smoke
  {
    id: 'fire_smoke/pt',
    kind: 'fire_smoke',
    triggers: [
      latin(
        `fogo|incendio|pegou fogo|pegando fogo|chamas|(?:uma|a|da|na|com|de) chama(?! (?:o|a|os|as|voce|vc|alguem|me|te|ninguem)(?![\\p{L}\\p{N}]))|fumaca${W(3)} (?:saindo|preta|densa|entrando|subindo|por (?:todo|toda))|saindo fumaca|(?:muita|tem) fumaca|cheiro de queimado`,
      ),
    ],
    unless: [
      latin(
        'fogos de artificio|fogo de chao|fumaca de cigarro|churrasc\\w*|detector de fumaca|alarme de fumaca|bateria fraca|simulado|simulacro|risco de incendio|seguro (?:contra )?incendio',
      ),
      // People smoking: their smoke is a complaint, not a fire.
      latin(
        'cigarr\\w*|maconha|baseado|narguile|(?:gente|pessoas|vizinh[oa]s?|morador(?:es|a)?|galera|pessoal|alguem|caras?) (?:que |ta |esta |estao |tao |ficam |fica )?fuma(?:ndo|m|r)?',
      ),
    ],
  },
  {
    id: 'fire_smoke/fr',
    kind: 'fire_smoke',
    triggers: [
      latin(
        `feu|au feu|incendie|flammes?|pris feu|prend feu|fumee${W(3)} (?:sort\\w*|monte|noire|partout|entre|envahit|dans|qui)|de la fumee|ca brule|ca crame|odeur de brule`,
      ),
    ],
    unless: [
      latin(
        '(?:juste|seulement|c est|c etait|plutot|que) (?:de la )?vapeur|barbecues|brasero|tous les (?:soirs|jours|week ?ends?)|chaque (?:soir|jour|fin de semaine)|rien de dangereux|pas dangereux|le feu dans (?:ma|ta|sa|la|leur|mon) (?:tete|cerveau)|(?:chaud|frette|beau) en feu|bbq|barbecue|barbeuk|feux? d artifice|feu de camp|feu de foyer|feu rouge|feu vert|foyers?|fumee de cigarette|exercice|evacuation|assurance|coupe feu|couvre feu|risque d incendie|detecteur de fumee|pile faible|grillades?|charbon|faire un feu|(?:sont|est) (?:permis|permise?s?|autorise\\w*)|c est pas un (?:incendie|feu)|(?:y a|il y a) eu|dernieres annees|certificat',
      ),
      // People smoking: their smoke is a complaint, not a fire.
      latin(
        'fumeurs?|clopes?|cigarettes?|cigares?|joints?|vapot\\w*|cannabis|(?:gens|voisins?|voisines?|locataires?|jeunes|ados|monde|quelqu un|ils|elles) (?:qui )?(?:fument|fume (?:une|des|sa|son|leur))',
      ),
    ],
  },
  {
    id: 'fire_smoke/vi',
    kind: 'fire_smoke',
    triggers: [
      latin(
        `chay nha|bi chay|dang chay|boc chay|chay lon|ngon lua|lua (?:boc|chay|lan|bung)|boc lua|khoi${W(3)} (?:bay|boc|ra|den|mu mit|day|nghi ngut|tum lum)|co khoi|mui khet|chay (?:o cam|day dien|bep|may say|thung rac|tu dien)`,
      ),
    ],
    unless: [
      latin(
        'nhu (?:la )?chay nha|hut thuoc|khoi thuoc|phao hoa|bep nuong|nuong|than|bbq|nau an|chien|xao|ran ca|ran trung|nhang|dot huong|thap huong|vang ma|hut mui(?: [^ ]+){0,2} (?:chay|keu|on|yeu|hu)',
      ),
    ],
  },
  {
    id: 'fire_smoke/zh',
    kind: 'fire_smoke',
    triggers: [
      cjk(
        '着火|起火|失火|火灾|冒烟|浓烟|烟雾(?:很大|弥漫|很浓)|冒出(?:黑)?烟|(?:有|好多|很多)(?:黑)?烟|火苗|火焰|烧起来|烧焦味|焦味|烧着了',
      ),
    ],
    unless: [cjk('抽烟|吸烟|烟花|烧烤')],
  },
  // Carbon monoxide
  {
    id: 'carbon_monoxide/alarm-i18n',
    kind: 'carbon_monoxide',
    triggers: [
      latin(
        `(?:alarme|detector|sensor|detecteur|avertisseur|bao|may do|canh bao|detector) (?:de |du )?(?:co|monoxido|monoxyde|khi co|carbon monoxide)|monoxido de carbono|monoxyde de carbone|carbon monoxide`,
      ),
      cjk('一氧化碳|co报警|co 报警|co警报|co探测器'),
    ],
    also: [
      new RegExp(
        `(?:tocando|tocou|toca|apitando|disparou|disparando|berrando|sonne|crie|hurle|declench\\w*|bip\\w*|entends|entend|escucho|oigo|ouco|hear|hearing|depuis \\w+ minutes|tontura|enjoo|keu|hu|reo|响|叫|报警|dor de cabeca|tont[oa]s?|enjoad[oa]s?|mal a la tete|etourdi\\w*|nausee|vomir|chong mat|nhuc dau|buon non|头晕|头疼|头痛|恶心)`,
        'u',
      ),
    ],
    unless: [
      latin(
        'bateria fraca|pilha fraca|pile faible|batterie faible|het pin|yeu pin|petit bip|fin de vie|remplac\\w*|fim da vida|fim de vida|vida util|piscando|clignot\\w*|het han|expired?|perime|vencid[oa]|se vencio|caducad[oa]|end of life|dice end|says end|shows end|marca end',
      ),
      cjk('没电|电池|闪|过期|显示end|没有?在?响'),
    ],
  },
  {
    id: 'carbon_monoxide/symptoms-i18n',
    kind: 'carbon_monoxide',
    triggers: [
      latin(
        `tont[oa]s?|enjoad[oa]s?|dor de cabeca|etourdi\\w*|mal a la tete|nausee|chong mat|nhuc dau|buon non|dau dau`,
      ),
      cjk('头晕|头疼|头痛|恶心'),
    ],
    also: [
      new RegExp(
        'fornalha|aquecedor|aquecimento|gas|fournaise|chauffage|chaudiere|gaz|lo suoi|may suoi|furnace|heater|暖气|炉|煤气|燃气|furnace',
        'u',
      ),
    ],
  },
  // Flooding
  {
    id: 'flooding/pt',
    kind: 'flooding',
    triggers: [
      latin(
        `cano${W(2)} (?:estourou|rompeu|furou|arrebentou|estourado)|estourou${W(2)} cano|jorrando agua|agua jorrando|agua${W(3)} (?:pra|para) todo (?:lado|canto)|alagad\\w*|alagando|alagou|inundad\\w*|inundando|inundou|transbord\\w*|esgoto${W(3)} (?:voltando|subindo|saindo)|caindo agua do teto|tubulacao${W(2)} (?:estourou|rompeu)|agua (?:subindo|entrando) (?:rapido|muito)|(?:telhado|teto)${W(4)} (?:entrar|entrando|caindo) agua${W(3)} (?:aos montes|muita|demais|cachoeira)|agua aos montes|estourou (?:a |o )?(?:tubulacao|cano|encanamento)|geiser`,
      ),
    ],
    unless: [
      latin(
        'quando chove|toda vez que chove|irriga\\w*|aspersor\\w*|sprinklers?|gotejamento|gotejador\\w*|lixeiras?|lixo|cacambas?|containers?|contentores?|sabao|espuma|(?:toda|todas as) (?:manhas?|noites?|tardes?)|todo dia|todos os dias',
      ),
    ],
  },
  {
    id: 'flooding/fr',
    kind: 'flooding',
    triggers: [
      latin(
        `tuyau${W(2)} (?:pete|eclate|creve|casse|fendu)|(?:pete|eclate|creve)${W(2)} tuyau|inond\\w*|deborde\\w*|l eau${W(3)} (?:gicle|jaillit|coule a flot|partout|monte)|eau (?:qui )?(?:gicle|jaillit)|egouts?${W(2)} refoul\\w*|refoul\\w*${W(3)} (?:egout|drain)|chauffe eau${W(2)} (?:creve|eclate|pete)|a torrent|a flot|conduite${W(3)} (?:cassee|eclatee|pete)|degat d eau`,
      ),
    ],
    unless: [
      latin(
        'qui (?:paie|paye|est responsable)|frais|releve|facture|assurance|reglement|si (?:un|une|le|la) (?:degat|fuite|inondation)|quand il pleut|chaque fois qu il pleut|arrosage|gicleurs?|sprinklers?|bacs?|bennes?|poubelles?|ordures|dechets|recyclage|conteneurs?|savonneu\\w*|mousse',
      ),
    ],
  },
  {
    id: 'flooding/vi',
    kind: 'flooding',
    unless: [latin(gardenWaterVi)],
    triggers: [
      latin(
        `ong nuoc${W(3)} (?:bi vo|vo|be|nut|xi manh)|vo ong|ngap|nuoc${W(3)} (?:tran lan|tran ra|tran vao|phun|xit|tuon|chay ao ao)|nuoc cong${W(3)} (?:trao|tran|len|chay nguoc)|cong${W(4)} (?:trao nguoc|chay nguoc)|(?:nuoc do|nuoc thai)${W(6)} (?:trao nguoc|tran ra|tran len)|nuoc tu tran${W(3)} (?:chay|do|ao ao)`,
      ),
    ],
  },
  {
    id: 'flooding/zh',
    kind: 'flooding',
    unless: [cjk('垃圾|滴灌|喷灌|浇花|草坪|花坛|喷水头|洒水')],
    triggers: [
      cjk(
        '水管.{0,4}(?:爆|裂开|破了|断了)|水.{0,4}往外(?:喷|冒|涌)|(?:水|污水|黑水).{0,6}(?:往外冒|往上冒|冒出来|涌出来|停不下来)|快淹到|淹到|一大片水|都是(?:黑)?水|水管(?:爆|裂|破|断)|爆管|爆水管|淹水|水淹|被淹|漫水|发大水|(?:喷|涌|冒)水|水(?:一直|不停)?(?:喷|涌|冒)出|(?:下水道|下水|地漏|排水口).{0,4}(?:反|倒|返)(?:水|涌|灌)|污水(?:倒灌|反涌|冒出|返)|(?:马桶|水槽|浴缸).{0,4}(?:溢|漫)|溢出来|天花板.{0,6}(?:哗哗|大量|不停地?流|像瀑布)|热水器.{0,4}(?:爆|裂)|到处都是水',
      ),
    ],
  },
  // Someone trapped
  {
    id: 'person_trapped/en-es',
    kind: 'person_trapped',
    triggers: [
      latin(
        `(?:${personEn})${W(4)} (?:locked|stuck|trapped)${W(3)} (?:in|inside)${W(3)} (?:elevator|lift|bathroom|bedroom|room|car|closet|cage|storage|basement|garage)|(?:cant|can not|cannot) get (?:it|him|her|them|the door) open|(?:baby|kid|child|toddler|son|daughter|dog|bebe|nino|nina|hijo|hija|perro)${W(6)} (?:in|inside|en el|dentro del) (?:the |my |el |mi )?(?:car|carro|auto|coche)${W(8)} (?:keys|locked|llaves|encerrad\\w*|hot|calor|sun|sol)|(?:${personEs})${W(4)} se encerr\\w*${W(4)} (?:bano|cuarto|carro|closet)|no (?:lo|la|los) podemos abrir|(?:stuck|trapped|locked)${W(2)} (?:in|inside) (?:the |an |a |my )?(?:elevator|lift|bathroom|room|car|closet)|elevator${W(3)} (?:stuck|stopped|stalled)${W(6)} (?:with|someone|people|person|inside|kid|child|baby)|(?:kid|child|baby|son|daughter|toddler)${W(4)} locked (?:in|inside)|atrapad[oa]s?${W(3)} (?:en el |el )?(?:elevador|ascensor|bano|cuarto|carro)|encerrad[oa]${W(3)} (?:en el |el )?(?:elevador|ascensor|bano|cuarto|carro)|elevador${W(3)} (?:atorado|trabado|detenido|parado)${W(6)} (?:con|gente|alguien|adentro)`,
      ),
    ],
    unless: [
      latin(
        'locked (?:myself )?out|last (?:week|month|night|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|got out (?:fine|ok|okay)|la semana pasada|ayer',
      ),
    ],
  },
  {
    id: 'person_trapped/pt-fr',
    kind: 'person_trapped',
    triggers: [
      latin(
        `(?:pres[oa]s?|trancad[oa]s?)${W(3)} (?:no |na |dentro do |dentro da )?(?:elevador|banheiro|quarto|carro|sala)|elevador${W(3)} (?:parou|travou|preso|quebrou|parado)${W(10)} (?:gente|pessoa|alguem|dentro|crianca)|(?:filho|filha|bebe|crianca|cachorro|fils|fille|enfant|chien)${W(6)} (?:no|dans l|dans la|dentro do) (?:carro|auto|voiture|char)|(?:coince|coincee|coinces|bloque|bloquee|enferme|enfermee)${W(3)} (?:dans )?(?:l |la |le )?(?:ascenseur|salle de bain|toilette|chambre|auto|voiture|char)|ascenseur${W(5)} (?:bloque|coince|arrete|en panne)${W(6)} (?:dedans|avec|quelqu un|personne|dame|enfant|monsieur)`,
      ),
    ],
    unless: [
      latin(
        'trancad[oa] (?:pra|para) fora|enferme dehors|semana passada|ontem|mes passado|semaine (?:derniere|passee)|mois passe|hier|la derniere fois',
      ),
      // Shut in a room to hide from an intruder: a break-in, told as such by its own rules.
      latin(
        '(?:cara|homem|alguem|ladrao|estranho|homme|gars|mec|inconnu|quelqu un)(?: [^ ]+){0,3} (?:dentro do|dentro da|dans) (?:meu|minha|nosso|nossa|mon|ma|notre) (?:apartamento|apto|casa|appart\\w*|maison|logement)|(?:essai\\w*|tent\\w*) de forcer|forcando a porta',
      ),
    ],
  },
  {
    id: 'person_trapped/vi-zh',
    kind: 'person_trapped',
    unless: [cjk('门外|钥匙忘|钥匙锁|上个星期|上周|之前|后来自己好了|上次')],
    triggers: [
      latin(
        `(?:em|e|con|be|ba|me|ong|chong|vo|nguoi|toi|minh|co ay|anh ay)${W(4)} (?:bi )?(?:ket|mac ket|nhot|khoa)${W(5)} (?:thang may|elevator|phong|xe|nha tam|toilet|phong tam)|(?:dang )?bi (?:ket|mac ket|nhot) (?:lai )?(?:trong|o trong) thang may|thang may${W(3)} (?:ket|dung|hu|treo|chet)${W(6)} (?:nguoi|ben trong|tre|em be|ba|ong|con)`,
      ),
      cjk(
        '困在|被困|卡在电梯|电梯.{0,6}(?:困|卡住|停了|坏了).{0,8}(?:人|里面|孩子|老人)|(?:孩子|小孩|宝宝|老人|妈妈|爸爸|我|人).{0,6}(?:锁在|关在|困在)',
      ),
    ],
  },
  // Someone hurt
  {
    id: 'injury/i18n',
    kind: 'injury',
    triggers: [
      latin(
        `sangrando|sangue|desmai\\w*|inconscientes?|desacordad[oa]s?|desfalecid[oa]s?|perdeu (?:os sentidos|a consciencia)|nao (?:ta |esta )?respirando|quebr(?:ei|ou) o (?:braco|perna|pulso|tornozelo|quadril)|machucad[oa] feio|ferid[oa]s?|bateu a cabeca|saign\\w*|inconscient\\w*|evanoui\\w*|(?:a |as )?perdu connaissance|sans connaissance|ne respire (?:plus|pas)|respire pas|(?:monsieur|madame|enfant|bebe|homme|femme|personne|il ne|elle ne|lui) bouge (?:plus|pas)|(?:tombe|tombee|chute)${W(8)} bouge (?:plus|pas)|casse (?:le|la|son|sa) (?:bras|jambe|poignet|cheville|hanche)|blesse\\w*|electrocut\\w*|chay mau|bat tinh|ngat xiu|(?<!chut )xiu (?:xuong|roi|luon)|guc xuong|khong tho|kho tho|tho khong noi|khong tra loi|khong day duoc|gay (?:tay|chan|xuong)|bi thuong|te${W(4)} (?:dap dau|chay mau|gay)`,
      ),
      cjk(
        '流血|出血|血流|昏迷|晕倒|昏倒|失去意识|不省人事|没有呼吸|没呼吸|呼吸困难|骨折|受伤|撞到头|叫不醒|触电|摔倒.{0,8}(?:头|血|动不了|起不来)',
      ),
    ],
    unless: [
      latin(
        '(?:pode|podia|vai) (?:se )?machucar|pourrait (?:se )?blesser|co the bi thuong|personne (?:de |n est |n a ete |n a )?blesse\\w*|aucun blesse|pas de blesse\\w*|sans (?:faire de )?blesse\\w*|ninguem (?:se )?(?:feriu|machucou|ferido)',
      ),
      cjk('可能会受伤|会有人受伤'),
    ],
  },
  // Electrical hazards
  {
    id: 'electrical_hazard/i18n',
    kind: 'electrical_hazard',
    // Wires left from unfinished work, still insulated: to finish, not live.
    unless: [latin('vo con tot|falta terminar|still insulated|pas fini|chua xong|isolad[oa]s|tampad[oa]s')],
    triggers: [
      latin(
        `faisca\\w*|soltando faisca|fio desencapado|fios? (?:eletricos? )?(?:desencapados?|expostos?|pendurados?|soltos?)|(?:levei|levou|levaram|deu|tomei|tomou) (?:um )?choque|tomada${W(4)} (?:derreteu|derretida|queimada|esquentando|estalo|fumaca)|quadro (?:de luz|eletrico)${W(4)} (?:zumbido|quente|fumaca|cheiro|estalando)|fio do poste|agua${W(4)} (?:tomada|interruptor|fiacao|luminaria|quadro)|etincel\\w*|fils? (?:electriques? )?(?:a nu|denude\\w*|pendent)|(?:prise|panneau|disjoncteur|fils?|tableau|compteur|luminaire)${W(5)} (?:gresill\\w*|crepit\\w*)|arcs? electriques?|fait des arcs|(?:prise|panneau|disjoncteur)${W(5)} (?:fume|fumee|brule|fondu|chaud|gresille|crepite)|ligne electrique${W(2)} tombee|choc electrique|eau${W(5)} (?:luminaire|prise|panneau electrique)|tia lua|toe lua|xet dien|giat dien|dien giat|day dien${W(3)} (?:ho|lo|rot|dut|chay|bong)|o cam${W(4)} (?:chay|khet|boc khoi|toe|no|nong)|cau dao${W(4)} (?:chay|khet|keu|nong|boc khoi)|nuoc${W(5)} (?:o cam|den tran|day dien|cong tac)`,
      ),
      cjk(
        '火花|打火|电线.{0,4}(?:裸露|外露|断了|掉下|烧|冒)|裸露的电线|插座.{0,6}(?:冒烟|烧|融化|发烫|冒火|焦|火花)|电箱.{0,6}(?:冒烟|烧|响|发烫|焦)|漏电|电线杆.{0,4}倒|(?:漏水|渗水|滴水|进水).{0,3}(?:到|进)?(?:灯|插座|电箱|电线)|水.{0,2}(?:流进|滴进|渗进).{0,3}(?:灯|插座|电箱)|电线.{0,6}(?:露出|外露)|铜线',
      ),
    ],
  },
  // No heat in freezing weather
  {
    id: 'no_heat_freezing/pt',
    kind: 'no_heat_freezing',
    triggers: [
      latin(
        `sem (?:aquecimento|heat|aquecedor|calefacao)|(?:nao (?:funciona|liga|esquenta)|parou|quebrou|pifou) (?:o |a )?(?:aquecimento|aquecedor|calefacao)|(?:aquecimento|aquecedor|radiador(?:es)?|caldeira)${W(3)} (?:parou|quebrou|nao funciona|desligou|morreu|pifou|avariad[oa]s?|estragad[oa]s?|gelad[oa]s?|frios?|nao (?:aquece|esquenta))|(?:heater|aquecedor|fornalha|radiador|heat)${W(3)} (?:morreu|parou|quebrou|pifou|nao (?:funciona|esquenta|liga))|nenhum radiador`,
      ),
    ],
    also: [latin(coldPt)],
    unless: [floorHeatingWithoutFreezing],
  },
  {
    id: 'no_heat_freezing/fr',
    kind: 'no_heat_freezing',
    triggers: [
      latin(
        `(?:pas|pu|plus) de chauffage|chauffage${W(2)} (?:en panne|ne marche pas|marche pas|marche pu|marche plus|arrete|mort|brise)|(?:radiateurs?|calorifere\\w*|plinthes?|chauffage|chaudiere|fournaise)${W(3)} (?:froids?|froides?|glaces?|glacees?|geles?|gelees?|eteints?|ne chauffent? (?:pas|plus)|chauffent? (?:pas|plus))|(?:fournaise|chaudiere|calorifere|plinthes?|chauffage)${W(3)} (?:morte?|en panne|ne chauffe|chauffe pas|arrete|brisee?)|aucun calorifere`,
      ),
    ],
    also: [latin(coldFr)],
    unless: [floorHeatingWithoutFreezing],
  },
  {
    id: 'no_heat_freezing/vi',
    kind: 'no_heat_freezing',
    triggers: [
      latin(
        `(?:khong|ko|k) co (?:heat|suoi|lo suoi|may suoi|may suoi am)|(?:heat|heater|lo suoi|may suoi|suoi|furnace)${W(3)} (?:hu|hong|tat|chet|khong chay|ko chay|khong am|ngung|khong hoat dong)`,
      ),
    ],
    also: [latin(coldVi)],
    unless: [latin('ho boi|be boi|bon tam nong'), floorHeatingWithoutFreezing],
  },
  {
    id: 'no_heat_freezing/zh',
    kind: 'no_heat_freezing',
    triggers: [
      cjk(
        '(?:没有|没)(?:暖气|供暖|heat)|停暖|供暖.{0,4}(?:坏|停|不热)|暖气.{0,4}(?:坏|停|不热|不工作|没了|冰凉|冰冷|凉的|是凉的)|(?:furnace|heater|暖炉|锅炉).{0,4}(?:坏|停|不热|不工作)',
      ),
    ],
    also: [cjk(coldZh)],
    unless: [floorHeatingWithoutFreezing],
  },
  // Structural danger
  {
    id: 'structural_danger/en-es',
    kind: 'structural_danger',
    triggers: [
      latin(
        `(?:pedazos?|trozos?) (?:del techo|de concreto|de yeso)|siguen cayendo pedazos|ceiling${W(6)} (?:sagging|bulging|bowing|caving|collaps\\w*|coming down|falling|about to fall|cracking open)|(?:drywall|plaster)${W(5)} (?:hanging (?:down|low|really low)|creaking|sagging|about to (?:fall|give)|falling)|chunks? of (?:concrete|plaster|ceiling|drywall)${W(4)} fall\\w*|(?:crack|cracks)${W(3)} (?:just )?opened|balcony${W(4)} (?:cracking|sags|sagging|moving|moves)|(?:grieta|rajadura)${W(3)} (?:grandisima|enorme|gigante|que se abrio)|se abrio una grieta|se esta despegando|(?:sagging|bulging|bowing) ceiling|collaps\\w*|caved in|caving in|(?:balcony|railing|stairs|staircase|deck|steps?)${W(4)} (?:giving way|gave way|collaps\\w*|pulling away|came loose|coming loose|detached|sinking)|(?:crack|cracks)${W(4)} (?:growing|spreading|getting (?:bigger|wider)|opening)|techo${W(8)} (?:se (?:esta )?(?:cayendo|hundiendo|derrumbando|venciendo)|abombado|inflado|colgando)|derrumb\\w*|(?:barandal|barandilla|balcon|escalera)${W(6)} (?:se (?:esta )?(?:cayendo|soltando|hundiendo|despegando)|cedio)`,
      ),
    ],
    unless: [
      latin(
        '(?:job|market|stock|economy|phone|app|website|server) (?:collaps\\w*)|(?:tiles?|windshield|mirror|phone screen|countertop|bathtub|sink)(?: [^ ]+){0,3} (?:has )?(?:a )?crack|(?:guy|man|woman|lady|person|someone|somebody|he|she|kid|child|girl|boy|runner|grandpa|grandma|dad|mom|neighbor|neighbour)(?: [^ ]+){0,6} (?:just )?collapsed|(?:sounds?|looks?|feels?) like (?:the )?(?:\\w+ )?(?:is )?(?:collapsing|coming down|falling down)',
      ),
    ],
  },
  {
    id: 'structural_danger/pt-fr',
    kind: 'structural_danger',
    triggers: [
      latin(
        `(?:teto|telhado)${W(6)} (?:cedendo|desabando|desabou|estufado|caindo|rachando|afundando|vai cair|vai desabar|abaulado)|desab\\w*|desmoron\\w*|rachadura${W(4)} (?:enorme|aumentando|abrindo|crescendo)|(?:grade|parapeito|guarda corpo|varanda|escada|sacada)${W(6)} (?:soltou|solta|cedendo|cedeu|afundando|balancando|rachando|caindo)|plafond${W(4)} (?:gonfle|craque|s effondre|s affaisse|tombe|va tomber|bombe|fissure)|effondr\\w*|s affaiss\\w*|garde corps${W(6)} (?:detache|arrache|casse|tombe)|(?:escalier|balcon|marche|terrasse)${W(5)} (?:cede|affaisse|s effondre|casse|detache)|fissure${W(4)} (?:s ouvre|grandit|enorme|s elargit)|grosse fissure`,
      ),
    ],
    // A figure of speech: "it felt like the building would come down, the way they jumped".
    unless: [latin('parecia que|como se|on aurait dit|comme si')],
  },
  {
    id: 'structural_danger/vi-zh',
    kind: 'structural_danger',
    triggers: [
      latin(
        `tran${W(3)} (?:vong xuong|vong|phong len|phinh ra|phinh len|sap|nut toac|roi xuong|sut|lun|bi xe|rang rac|keu rac rac)|tran${W(10)} (?:keu )?(?:rac rac|rang rac|ken ket)|so sap|sup${W(2)} (?:mot|xuong|roi)|bi sup|(?:xi mang|be tong|cuc)${W(4)} (?:rot|roi) xuong|rot${W(3)} (?:xi mang|be tong)|mai nha${W(4)} (?:sap|toc|thung)|bi sap|do sap|sap (?:xuong|tran)|lan can${W(3)} (?:long|gay|roi|lung lay|bung)|cau thang${W(3)} (?:lun|gay|sap|sup|nut)|vet nut${W(5)} (?:lon|to|rong|ngay cang|cang ngay cang)`,
      ),
      cjk(
        '天花板.{0,6}(?:鼓|凸|塌|下沉|下垂|裂开|掉下|要掉)|塌了|倒塌|坍塌|塌陷|要塌|快塌|裂缝.{0,6}(?:变大|越来越|很大|扩大)|(?:阳台|栏杆|楼梯|扶手).{0,6}(?:断了|塌|掉了|晃|往外倒|一靠就倒|一靠就往外|摇摇欲坠|要倒了)|(?:天花板|屋顶|顶棚).{0,16}(?:还在|一直|越来越)(?:往下)?(?:沉|塌|垂|鼓)|钉子都崩出来|掉水泥|水泥块|(?:顶上|屋顶).{0,6}(?:掉|塌)',
      ),
    ],
  },
  // Break-in
  {
    id: 'break_in/en-es',
    kind: 'break_in',
    triggers: [
      latin(
        `prying (?:at|open)|trying to break${W(3)} (?:door|window|in)|(?:door|window)${W(3)} (?:kicked in|smashed|broken in|forced open)|smashed${W(3)} (?:glass|window|door)|(?:someone|somebody|he|they)${W(3)} (?:is |are )?still (?:inside|here|in (?:my|the) (?:house|unit|apartment|building))|(?:hombre|tipo|alguien|extrano|persona)${W(3)} (?:adentro|dentro) de (?:mi|la|nuestra) (?:casa|unidad|apartamento|depa)|(?:rompiendo|quebrando) (?:los )?vidrios|forzaron la puerta|sigue adentro|(?:someone|somebody|guy|man|person|people|intruder|stranger)${W(4)} (?:breaking in|trying to (?:break|get) in|(?:is |are )?in (?:my|our) (?:house|home|unit|apartment|condo)|forcing (?:the|my) door)|break ?in (?:right )?now|breaking into|intruder|burglar\\w*|home invasion|door (?:was |got )?(?:kicked|forced) (?:in|open)|(?:alguien|un hombre|un tipo|un extrano)${W(4)} (?:esta )?(?:entrando|metiendose|tratando de (?:entrar|abrir)|forzando|dentro de (?:mi|la) (?:casa|unidad|apartamento))|(?:robando|estan robando)`,
      ),
    ],
    unless: [
      latin(
        '(?:last|yesterday|was) (?:week|month|night)? ?(?:broke|broken) into|for \\d+ (?:days|weeks|hours)|(?:days|weeks) now|abandoned|not mine|stolen (?:last|yesterday)|package (?:was )?stolen|toda la semana|all week|last night|yesterday|overnight|while (?:we|i) (?:were|was) away',
      ),
    ],
  },
  {
    id: 'break_in/pt-fr',
    kind: 'break_in',
    // Someone vaping or smoking is no intruder; bikes already gone were taken before.
    unless: [latin('vap\\w*|fuma\\w*|fument|cigarr\\w*|clopes?|sumiram|sumiu|disparus?|ont vole')],
    triggers: [
      latin(
        `arromb\\w*|invasor|invadiu|(?<!(?:esgoto|agua|lama)(?: [^ ]+){0,8} )invadindo|(?:alguem|homem|cara|estranho)${W(4)} (?:dentro|entrou|tentando entrar|forcando)|forcando a porta|(?:forcer|force|defonc\\w*|fractur\\w*)${W(2)} (?:ma |la |notre )?porte|porte${W(2)} (?:defoncee|forcee|fracturee)|cambriol\\w*|intrus|quelqu un${W(4)} (?:essaie d entrer|est entre|dans (?:mon|l) (?:appart|appartement|logement|maison))|inconnu${W(7)} (?:ouvrir|entrer|dans)|cass\\w* (?:la |une )?vitre`,
      ),
    ],
  },
  {
    id: 'break_in/vi-zh',
    kind: 'break_in',
    triggers: [
      latin(
        `an trom|trom${W(3)} (?:vao|dang|trong nha)|dot nhap|pha cua|cay cua|cua bi (?:pha|cay)|leo cua so|(?:nguoi la|ke gian|ke trom|thang la)${W(5)} (?:vao nha|vo nha|trong nha|dang mo cua|dang pha|dang cay|dap cua|doi vo)|co nguoi${W(4)} (?:di|o) (?:duoi nha|trong nha)|con nguoi trong do`,
      ),
      cjk(
        '(?:有人|小偷|陌生人|一个人|男的|男人).{0,8}(?:撬|闯|砸|破门|翻进|进来了|在我家里|在屋里|走动|翻东西)|撬门|撬锁|撬开|闯入|入室|破门|抢劫',
      ),
    ],
  },
  // More Vietnamese and Chinese ways to say it.
  {
    id: 'gas_leak/vi-zh-more',
    kind: 'gas_leak',
    triggers: [
      cjk(
        '嘶嘶.{0,12}(?:gas|煤气|燃气)|(?:gas|煤气|燃气).{0,12}嘶嘶|gas ?detector|gas报警|闻着像gas|像煤气|像燃气',
      ),
    ],
  },
  {
    id: 'carbon_monoxide/vi-zh-more',
    kind: 'carbon_monoxide',
    triggers: [
      latin(
        `(?:may bao|bao|may do|canh bao|detector|alarm) (?:khi )?co${W(4)} (?:keu|hu|reo|bao|lien tuc|khong ngung|hoai)`,
      ),
      cjk('co ?alarm|co ?detector|co报警器'),
    ],
    also: [new RegExp('keu|hu|reo|lien tuc|khong ngung|hoai|叫|响|停不下来', 'u')],
    unless: [latin('(?<!khong phai(?: [^ ]+){0,3} )het pin'), cjk('(?<!不是.{0,4})没电')],
  },
  {
    id: 'fire_smoke/vi-more',
    kind: 'fire_smoke',
    triggers: [
      latin(
        `chay${W(2)} (?:tham|rem|man)|chay roi|lua (?:lon|to|bat|ban)|lua${W(1)} lan|tan lua|cuu hoa|chay (?:o dien|tham|rem|xe|rac)|rac chay`,
      ),
    ],
    unless: [latin('nuong|than|bbq|nau an|hut mui(?: [^ ]+){0,2} (?:chay|keu|on|yeu|hu)|chay bo|chay ra')],
  },
  {
    id: 'flooding/vi-more',
    kind: 'flooding',
    unless: [latin(gardenWaterVi)],
    triggers: [
      latin(
        `nuoc${W(4)} (?:chay xuong nhu mua|ao ao|phun|xit|tuon)|nuoc${W(3)} lenh lang${W(6)} (?:khap|ca nha|het|tran|ngap|hanh lang|phong khach|khong ngung|hoai)|nhu mua|(?:nho|chay) ao ao|ngam nuoc`,
      ),
    ],
  },
  {
    id: 'person_trapped/vi-zh-more',
    kind: 'person_trapped',
    triggers: [
      latin(
        `(?:be|con|em be|con gai|con trai)${W(6)} (?:khoa|nhot|ket)|(?:thang may|elevator)${W(3)} (?:ket|stuck|dung|hu|treo|chet)${W(8)} (?:nguoi|ben trong|tre|em be|ba|ong|con|trong do)|elevator stuck`,
      ),
      cjk(
        '(?:自己)?锁在(?:卫生间|浴室|厕所|房间|车里)|门打不开.{0,10}(?:哭|孩子|女儿|儿子)|elevator ?stuck|电梯.{0,4}(?:stuck|卡住|卡在|卡了)',
      ),
    ],
    unless: [
      cjk('门外|钥匙忘|钥匙锁|上个星期|上周|之前|后来自己好了|上次'),
      latin('ket xe|xe khong ra|tuan truoc|hom truoc|nhot dau|dau mo|be khoa'),
    ],
  },
  {
    id: 'injury/vi-zh-more',
    kind: 'injury',
    triggers: [
      latin(
        `te${W(4)} (?:khong day duoc|dap dau|chay mau|gay)|te${W(8)} (?:tay|chan)${W(3)} gay|goi (?:ko|khong) tra loi|tho khong noi`,
      ),
      cjk(
        '起不来|站不起来|抬不动|滑倒|摔倒|摔下来|透不过气|喘不过气|(?:人|他|她|老人|孩子|爸|妈).{0,4}没反应|腿.{0,4}断了',
      ),
    ],
  },
  {
    id: 'electrical_hazard/vi-more',
    kind: 'electrical_hazard',
    triggers: [
      latin(
        `nuoc${W(4)} (?:vo|vao)${W(2)} (?:den|o cam|o dien)|day dien${W(4)} (?:loi ra|ho|lo)|loi dong|ro dien|bi giat|o dien${W(4)} (?:chay|khet|boc khoi|toe|no|nong|ro dien)`,
      ),
    ],
  },
  {
    id: 'no_heat_freezing/vi-zh-more',
    kind: 'no_heat_freezing',
    triggers: [
      latin(`(?:ko|khong|k) co (?:chut )?(?:heat|suoi)`),
      cjk('heat一点都没有|没有heat|没heat|heat.{0,4}(?:没有|坏了|不工作)'),
    ],
    also: [new RegExp(`${coldVi}|\\d+ do|lanh qua|${coldZh}|冷死|°f`, 'u')],
    unless: [floorHeatingWithoutFreezing],
  },
  // Languages the product does not reply in: a person is told at once; these pick the safety advice.
  {
    id: 'gas_leak/other-languages',
    kind: 'gas_leak',
    triggers: [
      cjk(
        '가스.{0,6}(?:냄새|새|누출)|газ.{0,20}(?:пахнет|запах|утечка)|запах газа|ガス.{0,6}(?:臭|におい|匂い|漏)|गैस.{0,10}(?:बदबू|गंध|लीक)',
      ),
      latin('zapach gazu|ulatnia sie gaz|amoy ng gas|ode gaz|sant gaz|odore di gas|puzza di gas|fuga di gas'),
    ],
  },
  {
    id: 'fire_smoke/other-languages',
    kind: 'fire_smoke',
    unless: [
      latin('simulado|simulacro|(?:risco|riesgo|rischio) (?:de|di) incendio|seguro (?:contra )?incendio'),
    ],
    triggers: [
      cjk(
        '불이 ?(?:났|나|붙)|화재|연기가|حريق|دخان|пожар|(?:квартира|дом|подъезд|кухня|проводка|мусоропровод|машина) горит|горит (?:квартира|дом|подъезд|кухня|проводка|мусоропровод|машина)|дым|火事|燃えて|煙が|आग|धुआं',
      ),
      latin('pozar|pali sie|dym|sunog|usok|dife|lafimen|incendio|fuoco'),
    ],
  },
  {
    id: 'flooding/other-languages',
    kind: 'flooding',
    triggers: [
      cjk(
        '물이.{0,8}(?:넘쳐|넘치|터졌|터져|쏟아)|물바다|침수|فيضان|تسرب المياه|затопил|прорвало|水浸し|水が.{0,6}(?:噴|溢)|पानी.{0,10}(?:भर|बह)',
      ),
      latin('zalanie|zalalo|pekla rura|baha|inondasyon|dlo ap koule|allagat\\w*|tubo rotto|allagamento'),
    ],
  },
  {
    id: 'injury/other-languages',
    kind: 'injury',
    triggers: [
      cjk(
        '다쳤|피가|의식이 없|의식을 잃|쓰러졌|ينزف|تنزف|نزيف|مصاب|إغماء|кровь|без сознания|упал|ранен|けが|怪我|血が|(?:人|母|父|子供|誰か)が倒れ|खून|बेहोश|घायल',
      ),
      latin(
        'krwawi|nieprzytomn\\w*|nasugatan|dumudugo|nawalan ng malay|blese|senyen|san konesans|sanguina|svenut[oa]|ferit[oa]',
      ),
    ],
  },
  {
    id: 'person_trapped/other-languages',
    kind: 'person_trapped',
    triggers: [
      cjk('엘리베이터.{0,8}갇|갇혔|محبوس|عالق|застрял|заперт|閉じ込め|फंस'),
      latin('utknal|utknelam|naipit|na stuck|bloke nan asanse|bloccat[oa] nell ascensore'),
    ],
  },
];
