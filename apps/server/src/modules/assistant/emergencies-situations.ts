import { followedBy as then, latin, pair, script, type LexiconRule } from './emergencies-lexicon.ts';

/**
 * Sixth pass (decision 0020, amendment on corpus/incoming5): emergencies told by the situation a
 * resident is in rather than by a danger's name — hiding from someone in the home, a person seen lying
 * on a floor, someone who went down and does not answer, a door that only opens from outside with
 * someone behind it, a child who locked a car, a lift stuck between floors with someone in it, a lock
 * forced while someone is still heard inside, a wall leaning with stones falling, blue flashes from an
 * outlet. Each is a family of words in the six languages with texts (plain forms: no accents), with the
 * look-alikes it must leave quiet; see emergencies-situations.test.ts.
 */

/** Hiding, or shut in on purpose, from someone: "I'm hiding in the closet", "escondida debajo de la cama". */
const hidingAll =
  'hiding|hid (?:in|under|behind)|locked (?:my ?self|ourselves) in|(?:estoy|estamos|esta|estan|quedo|quede|sigue) escondid[oa]s?|(?:me|nos|se) escond\\w*|escondiendo(?:me|nos|se)?|(?:me|nos) encerre\\w*|escondendo|(?:me|nos) tranquei|(?:me|nos) trancamos|(?:je me suis|on s est|elle s est|il s est|je me|on se) (?:cache|caches|cachee|enferme|enfermes|enfermee)|cache(?:e|s|es)? (?:dans|sous|derriere)|dang (?:tron|nap)|tron (?:trong|duoi|sau)';
/** Signs of an intruder near such hiding. */
const intruderCueAll =
  'someone|somebody|someones|stranger|intruder|guy|man|men|they|lock|door|window|slider|broke|break|breaking|came in|got in|footsteps|alguien|tipo|hombre|desconocid\\w*|entro|entraron|metio|ventana|puerta|cerradura|chapa|pasos|ladron\\w*|alguem|homem|cara|entrou|entraram|janela|porta|fechadura|ladrao|quelqu ?un|qqn|homme|inconnu|entre|porte|fenetre|serrure|voleur|co nguoi|nguoi la|trom|cua|khoa';
const hidingUnless =
  'hide and seek|hide ?n ?seek|escondidas|esconde esconde|cache cache|tron tim|(?:cat|dog|kitten|puppy|gato|perro|gatito|chat|chien|meo|cho|gatinho|cachorro)\\w*(?: [^ ]+){0,4} (?:hiding|escondid\\w*|escondiendo|cache\\w*|tron)|hiding (?:spot|place|presents?|gifts?|the)|wifi|router|cable|meter|keys?|llaves?|chaves?|cles?';

/** A person seen lying on a floor or the ground. */
const personCueAll =
  'she|her|he|him|they|them|someone|somebody|man|woman|person|guy|lady|kid|child|my \\w+|mr|mrs|ms|miss|neighbou?r|resident|tenant|senor|senora|don|dona|ella|alguien|vecin[oa]|mi \\w+|ele|ela|alguem|seu|il|elle|quelqu ?un|mon \\w+|ma \\w+|monsieur|madame|ong|ba|bac|chu|nguoi';
const lyingOnFloorAll =
  '(?:lying|laying|collapsed|passed out|sprawled|slumped|face down|motionless)(?: [^ ]+){0,1} on (?:the |her |his |their )?(?:\\w+ ){0,2}(?:floor|ground|pavement|sidewalk|carpet|tiles?|concrete)|(?:tirad[oa]|desmayad[oa]|inconsciente|botad[oa]|caid[oa]) en el (?:piso|suelo|pasto|pavimento|concreto)|(?:caid[oa]|deitad[oa]|desmaiad[oa]|estirad[oa]) no chao|(?:allonge\\w*|etendu\\w*|inanime\\w*|inconscient\\w*|effondre\\w*) (?:par terre|au sol|sur le sol|sur le plancher)|nam (?:duoi|tren) (?:dat|san|nen)';
const lyingUnless =
  'dogs?|cats?|puppy|perro|gato|cachorro|chien|chat|rugs?|mats?|clothes|toys?|trash|garbage|basura|ropa|juguetes|cajas|boxes|leaves|hojas|bags?|bolsas|lixo|roupas?|dechets|vetements|yoga|stretch\\w*|nap\\w*|siesta|playing|jugando|watching|lying (?:about|to)|lied';

/** Someone who went down, and does not answer or move. */
const collapseAll =
  'went down (?:hard|like a|on (?:the|his|her)|in (?:the|his|her))|collapsed|passed out|fainted|blacked out|keeled over|fell (?:down|over)|se fue de lado|se desplom\\w*|se desmay\\w*|se desvanec\\w*|se cayo|cayo redondo|colaps\\w*|desmaiou|caiu|apagou|s est effondre\\w*|s est evanoui\\w*|est tombe\\w*|ngat xiu|xiu';
const unresponsiveAll =
  'not talking|isnt talking|wont talk|not responding|unresponsive|not answering|wont answer|isnt answering|doesnt answer|not making sense|cant (?:talk|speak|move|get up)|(?:his|her|their) eyes are open|no (?:me )?(?:contesta|responde|habla|reacciona)|no (?:se )?puede (?:hablar|mover|levantar)|nao (?:me )?(?:responde|fala|reage|se mexe)|nao consegue (?:se )?(?:mexer|levantar|falar)|ne (?:me )?(?:repond|parle|reagit|bouge) (?:pas|plus)|(?:peut|arrive) (?:pas|plus) (?:a )?(?:bouger|se lever|parler)|khong (?:the )?(?:tra loi|noi|cu dong)|ko (?:tra loi|noi|cu dong)';
const collapseUnless =
  '(?:not answering|no contesta|nao (?:me )?responde|ne repond pas)(?: (?:my|the|his|her|el|mi|los|las|o|a|au|le))? (?:phone|calls?|texts?|emails?|messages?|door|telefono|celular|llamadas?|mensajes?|telefone|ligacoes?|mensagens?|telephone|appels?)|(?:wifi|internet|website|site|app|system|server|portal|power|network|market|stocks?|sistema|pagina|luz|red|senal|llamada|rede|energia|reseau|courant)(?: [^ ]+){0,2} (?:went down|collapsed|se cayo|caiu|est tombe)|(?:se cayo|caiu|est tombe) (?:el |la |o |a |le )?(?:sistema|pagina|internet|wifi|red|luz|senal|llamada|sinal|rede|energia|reseau|courant)';

/** A door that only opens from outside (or was locked from outside), with someone behind it. */
const onlyFromOutsideAll =
  'only (?:opens?|unlocks?|open) from (?:the )?outside|lock(?:ed|s)? from (?:the )?outside|(?:solo|nomas|nada mas) (?:se )?abre (?:por|desde) (?:fuera|afuera)|cerrad[oa] (?:por|desde) (?:fuera|afuera)|so (?:se )?abre (?:por|de|pelo lado de) fora|tranc(?:ou|ada|ado) por fora|fechad[oa] por fora|ne s ouvre que (?:de l exterieur|de dehors|par dehors)|(?:verrouill\\w*|ferme\\w*) (?:de|par) l exterieur|chi mo (?:duoc )?tu (?:ben )?ngoai|khoa tu (?:ben )?ngoai';
const someoneBehindAll =
  'behind (?:me|us|him|her|them|my \\w+)|(?:my|mi|minha|meu|mon|ma) \\w+ (?:is |esta |ta |est )?(?:stuck|in there|inside|locked in|atrapad\\w*|encerrad\\w*|pres[oa]|coince\\w*|enferme\\w*)|(?:he|she|they|hes|shes|theyre|i|im|we|were)(?: s| is| are| re| am| ve| has| have)?(?: been)? (?:in there|inside|stuck|locked in)|conmigo (?:adentro|dentro)|con (?:el|ella|ellos|nosotros|mi \\w+) (?:adentro|dentro)|(?:esta|estan|quedo|quede|quedamos|sigue) (?:adentro|dentro|encerrad\\w*)|comigo dentro|fech(?:ad[oa]s?|amos|aram)|fic(?:amos|amos|aram|ou) (?:fechad|trancad|pres)\\w*|(?:ele|ela|eles) (?:esta|ta|estao|ficou|ficaram) (?:la )?dentro|(?:il|elle|ils) est (?:la dedans|dedans|enferme\\w*|coince\\w*)|(?:anh|chi|em|ong|ba|con) (?:ay )?(?:dang )?(?:o|ket|bi nhot) (?:trong|ben trong)';

/** Someone who cannot get out of a home or a room. */
// Not getting a car out ("j'peux pas sortir mon char"): "sortir" with an object is taking it out.
const notAThing =
  '(?! (?:mon|ma|mes|le|la|les|l|notre|nos|son|sa) (?:char|auto|voiture|vehicule|camion|moto|velo|poubelles?|bacs?))';
const cannotLeaveAll = `(?:n arrive|arrive) (?:plus|pas) a sortir${notAThing}|(?:ne )?(?:peut|peux|peuvent) (?:plus|pas) sortir${notAThing}|nao (?:consegue|conseguimos|conseguem|consigo) sair|no (?:puede|pueden|podemos|puedo) salir`;
const cannotLeaveUnless =
  'lease|contract|contrato|bail|contrat|parking|estacionamiento|garagem|stationnement|(?:car|carro|auto|voiture) (?:du|de|del)|neige|nieve|neve|snow';

/** A child who shut themselves in a car. */
const childAll =
  'baby|babies|toddler|kid|kids|child|children|son|daughter|cipot[ea]|chamac[oa]|escuincle|chavit[oa]|morrit[oa]|guagua|nephew|niece|grandson|granddaughter|little one|\\d+ (?:year|yr|month)s? old|nino|nina|ninos|nene|nena|bebe|hijo|hija|sobrin[oa]|niet[oa]|chiquit[oa]|\\d+ anos|crianca|filho|filha|sobrinh[oa]|net[oa]|enfant|fils|fille|neveu|niece|petit|petite|\\d+ ans|em be|be|con trai|con gai|chau';
const carAll = 'car|truck|van|suv|minivan|carro|coche|auto|camioneta|troca|voiture|char|xe hoi|o to';
const carLockedAll =
  'locked|lock(?:ed)? (?:it|the doors?|himself|herself|themselves)|keys (?:inside|in it|locked)|cant (?:open|unlock|get (?:out|in|him|her|them))|(?:le |se )?(?:puso|pusieron|tiene puesto|esta puesto|pone) (?:el )?seguro|con seguro|trancad\\w*|encerrad\\w*|no (?:sabe|puede|podemos|puedo) (?:abrir\\w*|quitar\\w*|salir)|trancou|travou|travad\\w*|nao (?:sabe|consegue) (?:abrir|destravar|sair)|verrouill\\w*|ferme\\w* a cle|(?:sait|peut) pas (?:ouvrir|deverrouiller|sortir)|bi khoa|khoa (?:trong|cua)|khong (?:mo|ra) duoc';
const carUnless =
  'car ?seat|silla (?:del|para el) carro|cadeirinha|siege auto|car ?wash|lavado|(?:buy|bought|sell|sold|comprar|vender|rent|rental) (?:a |un |el |o )?(?:car|carro)|parking (?:permit|spot|space|rules?)|allowed|permitido|se permite|permis';

/** A lift stopped between floors, and someone in it. */
const betweenFloorsAll =
  '(?:se )?(?:trabo|atoro|atasco|paro|quedo|detuvo|trabado|atorado|atascado|parado)(?: [^ ]+){0,3} (?:entre (?:pisos|dos pisos|piso)|a medio piso)|(?:stuck|stopped) between (?:floors|levels|two floors|the \\w+ and \\w+ floors?)|(?:travou|parou|preso|parado) entre (?:andares|os andares|dois andares)|(?:coince|bloque|arrete) entre (?:deux )?etages|ket giua (?:hai )?tang';
const liftAll = 'elevators?|lifts?|elevador(?:es)?|ascensor(?:es)?|ascenseurs?|thang may';
const someoneInAll =
  'adentro|dentro|inside|in it|in there|someone|somebody|senora|senor|alguien|gente|persona|people|person|kid|child|crying|screaming|llorando|gritando|grita|pessoa|alguem|chorando|gritando|quelqu ?un|dedans|pleure|crie|nguoi|trong';

/** A lock or a door forced, and someone still heard or seen inside. */
const forcedEntryAll =
  '(?:puerta|door|porta|porte|ventana|window|janela|fenetre)(?: [^ ]+){0,4} (?:esta |is |was |ta |est )?(?:forzada|forced|arrombada|forcee|pried|kicked in)|forz(?:o|aron) (?:la |el )?(?:puerta|ventana|cerradura|porton|reja)|cerradura (?:esta )?(?:arrancada|forzada|rota|botada|volada)|chapa (?:forzada|arrancada|botada|rota)|puerta (?:forzada|tumbada|pateada|abierta a patadas)|(?:tumbo|tumbaron|patearon|forzaron) la puerta|lock (?:is |was )?(?:broken|busted|forced|ripped out|pried|smashed)|door (?:is |was )?(?:kicked in|forced|pried|busted|smashed)|(?:kicked|busted|forced|pried) (?:in )?(?:the|my|our|their) (?:front |back )?door|fechadura (?:arrombada|forcada|quebrada|arrancada)|porta (?:arrombada|forcada)|arrombaram|serrure (?:forcee|arrachee|cassee)|porte (?:forcee|defoncee|enfoncee)|cua bi (?:pha|cay)|o khoa bi pha';
const presenceNowAll =
  'y (?:entro|entraron|se metio|se metieron)|and (?:got|came|climbed) in|e (?:entrou|entraram)|et (?:est|sont) entres?|oigo (?:pasos|ruido|a alguien|voces|que)|se oyen? (?:pasos|que|ruido|voces)|escucho (?:pasos|ruido|a alguien|voces|que)|(?:i )?(?:can )?hear (?:footsteps|someone|somebody|people|voices|noises?|them|him)|still (?:inside|in there|here)|siguen? (?:adentro|dentro|ahi)|(?:estan|esta) (?:adentro|revolcando|revolviendo|robando)|ouco (?:passos|alguem|barulho|vozes)|ainda (?:esta|estao) (?:la )?dentro|j entends (?:des pas|quelqu ?un|du bruit|des voix)|encore (?:dedans|a l interieur)|nghe (?:tieng|thay) (?:buoc chan|nguoi)|van con (?:o )?(?:trong|do)';

/** Someone trying to open one's door or window (not the resident, nor a worker). */
const tryingToOpenAll =
  '(?:estan|alguien (?:esta )?|someone(?:s| is)?|somebody(?:s| is)?|theyre|they are|they re|estao|alguem (?:esta |ta )?|ils|quelqu ?un|qqn|qq1|co nguoi(?: dang)?|no|nguoi ta|(?:un |una |el |la |a |an |some |two |dos |um |uma |deux )?(?:tipo|tio|hombre|senor|man|guy|dude|men|guys|personas|people|homem|cara|homme|gars|mec|stranger|desconocido))(?: [^ ]+){0,6} (?:(?:trying|tratando|intentando|tentando|essaie\\w*|essaye\\w*|essayent|co|tim cach)(?: de| to| d)? (?:open|abrir|forzar|forcar|ouvrir|forcer|pry|break|jimmy|mo|pha|cay|come in|get in|entrar)|(?:rompiendo|forzando|pateando|tumbando|kicking|forcing|prying|smashing|arrombando|forcando|defoncant|enfoncant))(?: [^ ]+){0,4} (?:window|door|slider|lock|ventana|puerta|cerradura|chapa|janela|porta|fechadura|fenetre|porte|serrure|cua|inside|in)';
/** Not an intruder: a worker, a stuck window, a ball, a wrong fob, a daily nuisance. */
const notAnIntruderAll =
  'ball|balon|pelota|bola|ballon|fobs?|key ?cards?|wrong (?:key|code)|company|measur\\w*|installer|inspector|the guy from|every (?:afternoon|day|night|morning)|todas las (?:tardes|noches)|annoying|molest\\w*|maintenance|mantenimiento|manutencao|entretien|locksmith|cerrajero|chaveiro|serrurier|tho khoa|plumber|plomero|encanador|plombier|repair|technician|tecnico|technicien|stuck|atorad\\w*|trabad\\w*|emperrad\\w*|coince\\w*|bi ket';

/** Someone climbing to a balcony or a window of a home. */
const climbingInAll =
  'climb(?:ing|ed|s)? (?:up |onto |into |over |in )*(?:the |a |my |her |his |their |our )?(?:\\w+ )?(?:balcony|window|fire escape)|(?:subiendo|trepando|se subio|se trepo) (?:por |a )?(?:el |la )?(?:balcon|ventana)|(?:subindo|escalando|subiu) (?:pela|na) (?:varanda|sacada|janela)|(?:grimpe\\w*|escalade\\w*) (?:sur |par )?(?:le |la )?(?:balcon|fenetre)|(?:treo|leo) (?:len|qua) (?:ban cong|cua so)|(?:dung|dang dung) ngoai ban cong';

/** Smashing windows, cars or mailboxes now. */
const smashingAll =
  'smashing|bashing|breaking (?:into )?(?:the |car |our )?(?:windows?|mailboxes|cars?)|rompiendo|quebrando|destrozando|quebrando|arrebentando|cassent|fracassent|brisent|dap pha|dap (?:cua|kinh|xe)';
const smashTargetAll =
  'windows?|mailboxes|mail boxes|cars?|glass|vidrios?|ventanas?|buzones|carros|coches|vidros?|janelas?|caixas de correio|carros|vitres?|boites aux lettres|voitures?|hop thu|kinh|xe';
const nowAll =
  'right now|now|still there|still here|as we speak|currently|ahorita|ahora|ahora mismo|siguen ahi|todavia estan|agora|ainda (?:estao|esta) (?:la|ai)|en ce moment|maintenant|toujours la|dang|van con|van dang|bay gio';

/** A wall or a chimney leaning more and more, or with stones falling. */
const leaningAll =
  'leaning|tilting|bowing out|penche|pench\\w*|inclin\\w*|ladead[oa]|ladeando|torcid[oa]|tort[oa]|nghieng';
const worseningOrFallingAll =
  '(?:soltando|desprendiendo|aflojando|cayendo)(?: [^ ]+){0,2} (?:piedras?|ladrillos?|bloques?|pedazos)|(?:stones?|bricks?|blocks?|chunks?) (?:coming|falling|breaking) (?:loose|off|out)|more and more|de plus en plus|cada vez mas|cada vez mais|ngay cang|(?:stones?|bricks?|rocks?|blocks?|pierres?|briques?|blocs?|piedras?|ladrillos?|bloques?|pedras?|tijolos?|gach|da)(?: [^ ]+){0,3} (?:fall\\w*|tomb\\w*|cae\\w*|cayendo|cai\\w*|caindo|rot|roi|rot xuong|roi xuong)';
const wallAll =
  'walls?|chimney|retaining|mur|muret|cheminee|pared|muro|chimenea|parede|muro|chamine|tuong|ong khoi';

/** Blue flashes or little sparks from an outlet, a plug or a panel (arcing). */
const arcingAll =
  'blue (?:flash\\w*|sparks?|light|flame)|(?:flash\\w*|destellos?|chispazos?|luz|llamita|arcos?|fogonazos?) azul\\w*|haciendo arcos?|arcos? electric\\w*|(?:fait|fais|font) des arcs|arcs? electriques?|flash bleu|flash\\w* (?:of )?blue|arc(?:ing|s)?|eclairs?(?: [^ ]+)? bleus?|petits eclairs|destellos?(?: [^ ]+)? azul\\w*|chispazos?|chispitas?|chisporrot\\w*|faisquinhas?|faiscas? azu\\w*|clarao azul|lua xanh|no lua|te lua|toe lua';
const electricPartAll =
  'outlets?|sockets?|plugs?|switch\\w*|panel|breakers?|meter|wires?|cords?|extension|power strip|electrical room|prises?|plaques?|interrupteur|panneau|disjoncteur|fils?|rallonge|enchufes?|contactos?|apagador|tablero|cables?|cuarto electrico|medidores|tomadas?|interruptor|quadro|disjuntor|fios?|extensao|benjamim|o dien|o cam|cong tac|cau dao|day dien|phich cam';

/** A bare wire touching metal, or a shock someone just got. */
const shockedAll =
  'pris le (?:courant|jus)|pogne le courant|(?:il|elle) a pris une decharge|(?:le |la |me |nos )?(?:dio|dieron|pego) (?:la )?corriente|levou (?:um )?choque|(?:got|gets|getting) (?:a )?(?:shock|zapped)|bi dien giat|bi giat';
const bareWireTouchingAll =
  '(?:denude|a nu|pelad[oa]|desnud[oa]|descascad[oa]|exposed|bare)(?: [^ ]+){0,4} (?:touche|toca|encosta|touching|touches)(?: [^ ]+){0,2} (?:la |el |a |the )?(?:barriere|cloture|rampe|grille|reja|barandal|cerca|grade|portao|fence|railing|gate|metal|fer|hierro|ferro)';

/** Water overflowing that will not stop, or pouring out without end. */
const overflowAll =
  '(?:se )?(?:rebosa|rebalsa|desborda|derrama|reboso|desbordo)\\w*|overflow\\w*|transbord\\w*|deborde\\w*|tran ra';
const nonStopAll =
  'no para|sin parar|no se detiene|wont stop|will not stop|doesnt stop|not stopping|nonstop|non stop|keeps going|sem parar|nao para|sans arret|arrete pas|khong ngung|khong dung';
const pouringOutAll =
  '(?:echando|saliendo|sale|salen|tirando|brotando|soltando|botando) (?:el |de |mucha |la )?agua(?: [^ ]+){0,3} (?:sin parar|a chorros|no para|por todos lados)|(?:a sair|saindo|sai) (?:aos|em) borbotoes|aos borbotoes|water (?:is )?(?:coming|pouring|shooting|spraying) out (?:nonstop|non stop|and (?:wont|will not) stop)';
/** Rain or water pouring in through a ceiling faster than it can be caught. */
const throughCeilingAll =
  '(?:rain|water|agua|lluvia|chuva|eau|pluie|nuoc)(?: [^ ]+){0,2} (?:is |keeps |esta |sigue )?(?:pouring|pours|gushing|streaming|coming|cayendo|chorreando|entrando|caindo|jorrando|coule|tombe|entre|chay|do)(?: in)? (?:through|from|down from|out of|por|del|desde el|pelo|do|par|du|qua|tu) (?:the |my |our |el |la |mi |o |a |le |mon )?(?:\\w+ )?(?:ceiling|roof|light|techo|plafon|lampara|teto|telhado|plafond|toit|tran|mai)';
const tooMuchWaterAll =
  'in sheets|sheets of water|soaked|empapad\\w*|trempe\\w*|running (?:toward|down|into|across|along)|faster than|buckets?|cubetas?|baldes?|cubos?|seaux?|pouring|gushing|streaming|a chorros|chorreando|jorrando|a flots|ruisselle|xoi xa|ao ao|everywhere|todos lados|por todo|partout|khap noi|no (?:para|da abasto)|cant keep up';

/** Caught fire: the pan's oil, a curtain ("se prendió el aceite", "bắt lửa"). */
const caughtAlightAll =
  'se (?:prendio|incendio|encendio) (?:el|la|los|las) (?:aceite|sarten|cortinas?|colchon|basura|gabinete|alacena|cocina|estufa|secadora|sofa|sillon|arbol|cama)|bat lua|lua (?:van )?boc (?:len|cao)|(?:grease|oil|pan|curtains?) (?:caught|is on|on) fire|o oleo pegou fogo|l huile a pris feu';

/** Charcoal or a grill burned indoors, with CO's signs. */
const charcoalIndoorAll =
  'charcoal|carbon vegetal|anafre|brasero|carvao|braise|barbecue au charbon|dot than|than (?:cui|to ong|hoa)|bep than';
const coSignsAll =
  'dizzy|dizziness|lightheaded|nause\\w*|threw up|throwing up|vomit\\w*|headaches?|sleepy|drowsy|mareo|marea\\w*|dolor de cabeza|duele la cabeza|tontura|enjo\\w*|dor de cabeca|vertiges?|etourdi\\w*|mal a la tete|nausee|chong mat|buon non|nhuc dau|dau dau|dung (?:khong )?vung';

/** Indoors at a dangerous temperature for a baby or with freezing outside. */
const coldReadingAll =
  '(?:thermostat|termostato|thermometer|termometro|temp\\w*|thermometre|nhiet do)(?: [^ ]+){0,5} (?:[0-9]|[1-4][0-9]|5[0-5])(?: ?f| degrees| grados| graus| degres)?|(?:cant|can t|no (?:se )?pueden?|nao (?:conseguem|consegue)|(?:n )?arrivent? pas a) (?:get warm|warm up|calentar(?:se)?|se calientan|esquentar|se rechauffer)|no se calientan|(?:fait|faz|hace) (?:[0-9]|1[0-5]) (?:dans|en|no|en el|na)';
const vulnerableOrFreezingAll =
  '\\d{2} years (?:old|of age)|(?:8|9)\\d anos|lives? alone|vive sol[oa]|oxygen|oxigeno|oxigenio|shivering|temblando|tiritando|frost|escarcha|snow\\w*|nevando|nieve|neve|neige|my breath|no aguanta el frio|baby|babies|infant|newborn|twins|elderly|grandma|grandpa|bebes?|gemel[oa]s|recien nacid[oa]|abuel[oa]s?|ancian[oa]|bebe|gemeos|idos[oa]s?|avo|bebe|jumeaux|nourrisson|personne agee|em be|tre so sinh|ong ba|freezing|below zero|congelad[oa]|helad[oa]|bajo cero|congelado|abaixo de zero|gel|gele|sous zero|dong da|-\\d+|menos \\d+';

// Seventh pass (corpus/incoming6): more situations.

/** Someone in a lift that stopped, dropped or went dark. */
const inLiftAll =
  '(?:im|i am|we are|were|we re|i m|estoy|estamos|esta|estan|to|estou|je suis|on est|(?:esta|estan) metid[oa]s?) (?:in|inside|en|dentro del?|no|dans) (?:the |an |a |el |la |o |l )?(?:\\w+ )?(?:elevators?|lifts?|elevador|ascensor|ascenseur)(?! (?:lobby|hall|area|bank|room|doors?|buttons?|inspection|vestibulo|palier))';
const liftFailedAll =
  'stopped|dropped|stuck|wont (?:move|open)|lights? went out|dark|se paro|se detuvo|no se mueve|oscuro|a oscuras|parou|travou|escuro|arrete|bloque|noir|trabad[oa]|trancad[oa]s?|trancaos?|atorad[oa]s?|atoraos?';
/** A lift stopped with someone named inside it. */
const liftWithSomeoneAll =
  '(?:elevators?|lifts?|elevador|ascensor|ascenseur)(?: [^ ]+){0,4} (?:trabad[oa]|atorad[oa]|atascad[oa]|parad[oa]|detenid[oa]|stuck|stopped|pres[oa]|travad[oa]|bloque|coince)(?: [^ ]+){0,8} (?:adentro|dentro|inside|in it|la dedans|dedans)|(?:trancad[oa]s?|trancaos?|atrapad[oa]s?|atrapaos?|atorad[oa]s?|atoraos?|encerrad[oa]s?) en el (?:elevador|ascensor)';

/** Water near a live electrical part that crackles or sparks. */
const waterAll = 'water|agua|eau|nuoc|flooded|inundad[oa]|mojad[oa]|wet';
const cracklingAll =
  'crackl\\w*|buzz\\w*|spark\\w*|arcing|chisporrot\\w*|chispea\\w*|zumb\\w*|crepit\\w*|gresill\\w*|estal\\w*|faisc\\w*|etincel\\w*';
const electricRoomAll =
  'panels?|breakers?|meters?|meter room|electrical room|tableros?|medidores|cuarto electrico|quadros?|disjuntor\\w*|panneaux?|disjoncteurs?|compteurs?|cau dao|tu dien|outlets?|enchufes?|tomadas?|prises?';

/** A power line or a pole down. */
const downedLineAll =
  'poste(?: de luz)?|power ?lines?|power poles?|utility poles?|cables? (?:de luz|electricos?|de alta)|fios? (?:da rua|de luz|eletricos?|de alta)|poteaux?|fils? electriques?|cot dien|day dien';
const downAll =
  'se cayo|cayo|caid[oa]s?|tirad[oa]s?|down(?! the (?:street|road|block|hall|way))|fell|fallen|on the ground|en el (?:suelo|piso|charco)|caiu|no chao|tombe\\w*|par terre|bi do|bi nga|do xuong|nga xuong';

/** A tingle or a jolt from metal near water. */
const tingleAll =
  '(?:felt|feel|feels|got|getting|gets) (?:a )?(?:tingle|tingling|buzz|jolt|little shock)|hormigueo|cosquilleo|corrientazo|formigamento|choquinho|picotement|fourmillement|giat nhe';

/** A roof's sheets loose over people or a way in. */
const roofPartAll =
  'techo|tejado|roof|roofing|telhado|toit|toiture|laminas?|chapas?|sheets?|tejas|shingles|telhas|toles?|mai ton';
const roofLooseAll =
  'folded in|caved in|caving in|buckl\\w*|se levanto un pedazo|esta golpeando|se estan cayendo tejas|levantad[oa]s?|suelt[oa]s? (?:moviendose|golpeando|colgando)|moviendose|flapping|hanging (?:off|loose)|about to (?:fall|fly|come off)|a punto de caer(?:se)?|soltando\\w*|balancando|arrachee?s?|qui bouge\\w*';
const overPeopleAll =
  'parked under|area de juegos|playground|ninos|kids|encima|arriba|above|over|entrada|entrance|sobre|people|gente|personas|cars?|carros|gens|voitures|pessoas|cima';

/** A water bubble in a ceiling that grows or drips fast. */
const ceilingBubbleAll =
  '(?:burbuja|bolsa|ampolla|panza|bulge|bubble|blister|bolha|barriga|poche|cloque)(?: [^ ]+){0,6} (?:techo|ceiling|teto|plafond|tran)|(?:techo|ceiling|teto|plafond|tran)(?: [^ ]+){0,6} (?:burbuja|bolsa|ampolla|panza|bulge|bubble|blister|bolha|barriga|poche|cloque)';
const growingOrFastAll =
  'cada vez mas|getting (?:bigger|lower|worse)|growing|rapido|fast|quickly|rapidamente|vite|nhanh|more and more|de plus en plus|cada vez maior|mas baja|lower and lower|llena de agua|full of water|cheia de agua|pleine d eau';

/** Pots and buckets filling faster than they can be emptied. */
const bucketsAll =
  '(?:filling|fill up|fills|filled) faster than (?:i|we) can|faster than (?:i|we) can (?:empty|dump|mop|bail|keep up)|by the bucket ?ful|bucketful|se llenan? mas rapido|enchem mais rapido|se remplissent plus vite';
const waterInAll =
  'water|rain|roof|ceiling|leak\\w*|agua|lluvia|techo|gotera\\w*|chuva|teto|goteira\\w*|eau|pluie|toit|plafond';

/** Pouring all over a floor from a fixture, the shut-off nowhere to be found. */
const pouringAllOverAll =
  '(?:pouring|gushing|spraying|shooting|flooding|spewing) (?:out )?(?:all over|everywhere|across|onto|into)|cant find the (?:shut ?off|valve)|no (?:encuentro|encontramos|hallo) la llave de paso|nao (?:acho|encontro) o registro';
const fixtureAll =
  'toilet|tank|pipe|sink|heater|washer|water|floor|inodoro|tanque|tubo|lavamanos|calentador|lavadora|agua|piso|vaso|cano|pia|aquecedor|maquina|toilettes|reservoir|tuyau|evier|chauffe eau|laveuse|eau|plancher';

/** Water from a neighbour's flat into one's own, or a tap heard running full. */
const waterIntoHomeAll =
  '(?:sale|saliendo|entra|entrando|viene) (?:mucha )?agua(?: [^ ]+){0,10} (?:ya )?(?:entro|llego|paso) (?:a|al|hasta) (?:mi|la|el) (?:sala|cuarto|pasillo|cocina|casa|apartamento|apto|depa)|llave abierta a todo dar|(?:sai|saindo|entra|entrando) (?:muita )?agua(?: [^ ]+){0,6} (?:ja )?(?:entrou|chegou) (?:na|no|ate) (?:minha|meu|a|o) (?:sala|quarto|corredor|cozinha|casa|apartamento)|l eau (?:entre|coule)(?: [^ ]+){0,6} (?:dans|jusque dans) (?:mon|ma|le|la) (?:salon|chambre|couloir|cuisine|appart\\w*)';

// Ninth pass (corpus/incoming8): emergencies told by what is seen, heard or felt.

/** A lift that does not move. */
const liftAll8 = 'elevators?|lifts?|ascensor(?:es)?|elevador(?:es)?|ascenseurs?';
/** Someone inside it: people counted, or knocking from inside. */
const peopleInsideAll =
  '\\d+ (?:persons|people|personas|pessoas|personnes)|(?:we are|we re|were|somos|estamos)(?: [^ ]+){0,2} (?:inside|adentro|dentro)|(?:knocking|banging|golpeando|tocando|gritando|pounding)(?: [^ ]+){0,2} (?:from )?(?:inside|desde adentro|desde dentro|adentro)|voz de (?:nene|nena|nino|nina|bebe)';
/** Stairs, steps, a railing. */
const stairsAll =
  'stairs?|steps?|staircase|stairway|flight|railings?|handrails?|banisters?|guardrails?|escaleras?|escalon(?:es)?|barandal(?:es)?|barandas?|pasamanos|tramo';
/** …moving under people or losing its fixings. */
const givingAll =
  'bolts? (?:just )?(?:fell|came|popped) out|split right through|dips when|sags when|se mece|se mueve (?:todo|cuando)|gave way|giving way|gives way|se esta (?:cayendo|soltando|zafando)|wiggles like';
/** A ceiling that hangs lower. */
const ceilingAll = 'ceilings?|techo|cielo raso|plafon|placa del techo|teto|plafond';
const hangingAll =
  'bubble\\w*|bulg\\w*|belly|panza|getting lower|se esta bajando|bajando|hanging down|sagg\\w*|colgando|se esta cayendo|hundid[oa]|se (?:esta )?hundiendo|sunk|sinking|s affaiss\\w*|affaisse\\w*|bombe|gondol\\w*';
const worseningAll =
  'crack\\w*|creak\\w*|cruj\\w*|getting lower|keeps? getting|cada vez|mas (?:grande|baja)|bigger|growing|crece|caen (?:pedacitos|pedazos|trozos)|tombent|(?:pieces?|chunks?|bits) (?:are )?falling|craqu\\w*';
/** A wall leaning, with earth or stones coming out. */
const leaningWallAll =
  '(?:retaining )?walls?(?: [^ ]+){0,6} lean\\w*|muro(?: de contencion)?(?: [^ ]+){0,4} (?:se esta )?(?:ladeando|inclinando|vencido)|pared(?: [^ ]+){0,4} (?:ladeando|inclinando)';
const spillingAll =
  '(?:dirt|soil|stones?|rocks?|mud|tierra|piedras|lodo)(?: [^ ]+){0,4} (?:spilling|falling|coming|pouring|cayendo|saliendo)|se vino (?:un pedazo|abajo)|more than last week|way more|playground|area de juegos|kids|ninos|children';
/** Someone trying the doors or windows now. */
const strangerAll =
  'someone|somebody|a man|a guy|some guy|two guys|a stranger|a person|alguien|un hombre|un tipo|un tio|un senor|un desconocido|un extrano';
const tryingEntryAll =
  '(?:trying|jiggling|rattling|testing|turning|pulling|probando|moviendo|forzando|quitando|jalando)(?: [^ ]+){0,3} (?:handles?|door ?knobs?|knobs?|pomos?|perillas?|manijas?|slider|windows?|ventanas?|mosquitero|screens?|locks?|cerraduras?|chapas?|puertas?)';
const nowWatchingAll =
  'right now|as we speak|ahora|ahorita|i can see|i can hear|le estoy viendo|lo estoy viendo|estoy viendo|shadow|sombra|lights? off|encerrad[oa]|escondid[oa]|hiding|venga|help';
/** Footsteps in the home of someone alone. */
const footstepsAll =
  'se oyen pasos|oigo pasos|escucho pasos|(?:i )?hear footsteps|footsteps (?:in|downstairs|in my)';
const aloneAll8 = 'sola|solo|alone|by myself|no se quien|dont know who|nobody else|no hay nadie mas';
/** Cars broken into one after another. */
const carToCarAll =
  'car to car|carro (?:en|por) carro|smashing (?:car )?windows|breaking (?:into )?car windows|rompiendo (?:los )?vidrios';
/** A fall that leaves someone down. */
const fallenAll =
  'fell|fall|fallen|collapsed|se cayo|se desplomo|cayo|en el (?:piso|suelo)|on the (?:floor|ground)';
const notMovingAll =
  'sin moverse|no se mueve|isnt moving|is not moving|not moving|no reacciona|(?:can not|cannot|cant|can t) stand(?: up)?|no (?:se )?puede (?:parar|levantar)(?:se)?';
/** No heat, told by the heater or the cold. */
const heatGoneAll =
  '(?:radiators?|heaters?|baseboards?(?: heat)?|heat|heating|furnace|boiler|calefaccion(?: central)?|calentador|calefactor)(?: [^ ]+){0,12} (?:stone cold|ice cold|(?:went|is|are) out|quit|died|dead|stopped working|not working|dejo de (?:tirar|funcionar|calentar|dar)|se (?:ha )?(?:ido|apagado|apago|descompuso)|no (?:funciona|calienta|prende))|(?:se (?:ha )?ido|se fue) la calefaccion';
const coldDangerAll =
  'newborn|icy|embarazada|pregnant|dialisis|dialysis|temblar|temblando|shivering|lips(?: [^ ]+){0,3} blue|labios morados|helada|freezing|below zero|bajo cero|(?:[0-9]|[1-4][0-9]|5[0-5]) (?:degrees|grados)|-\\d+|\\d{2} (?:yr|years?) old|9\\d yr|baby|babies|bebe|abuel[oa]|madre es mayor|elderly';
/** The CO alarm's signal: four beeps and a pause. */
const fourBeepsAll = '(?:4|four|cuatro) (?:beeps|pitidos|pitazos|bips|pitos)(?: [^ ]+){0,3} (?:pause|pausa)';
/** A generator run by a window, with people feeling it. */
const generatorAll = 'generators?|generador(?:es)?|planta electrica|planta de luz|geradores?';
/** Gas: the smell in dictation and description, a knob or a pilot left. */
const gasSmellAll8 =
  'rotten[ -]?egg\\w*|rotten ex|olor a gaspar|left (?:a |the )?burner on|without lighting it|(?:perilla|knob)(?: [^ ]+){0,6} (?:abierta|half turned|left on|quedo abierta)|(?:flamita|piloto|pilot)(?: [^ ]+){0,4} (?:se )?apag\\w*(?: [^ ]+){0,8} (?:apesta|huele|smell\\w*|olor)|(?:se )?apag\\w* (?:la |el )?(?:flamita|piloto)(?: [^ ]+){0,8} (?:apesta|huele|olor)|nat gas|tubo amarillo(?: [^ ]+){0,8} (?:soplando|silbando|partido|roto)';
/** Smoke told by what it looks like. */
const hazeAll =
  '(?:neblina|niebla|nube|haze|fog)(?: [^ ]+){0,8} (?:por debajo de la puerta|debajo de la puerta|under (?:the|their|his|her) door)|cocina (?:esta )?(?:toda )?nublada|kitchen is (?:all )?(?:hazy|foggy)|(?:algo )?prendi[od]o? adentro|goma quema\\w*|(?:toldo|awning|cortinas?)(?: [^ ]+){0,2} (?:se esta prendiendo|se prendio|caught fire|catching fire)';
/** Electrical: a flash behind a plate, a blue spark, buzzing and hot. */
const flashAll =
  '(?:pop|bang)(?: [^ ]+){0,3} (?:and )?(?:a )?(?:flash|spark)|flash(?:es)? (?:behind|from) (?:the )?(?:plate|switch|outlet|cover)|chispazo|luz azul que brinca|struck match|(?:buzz\\w*|zumb\\w*)(?: [^ ]+){0,12} (?:hot to (?:the )?touch|calientisim\\w*|caliente al tocar)|(?:sintio|sentimos|felt) (?:toques|shocks?) (?:en el agua|in the (?:water|pool))';
/** Water up through a floor, or down like an open tap. */
const waterRisingAll =
  'water(?: [^ ]+){0,2} (?:is )?(?:bubbling|welling|seeping|coming) up through|no doy abasto|como (?:si fuera )?una llave abierta|like an? (?:open )?(?:faucet|tap)|no para de (?:echar|tirar|salir) agua|(?:echar|echando|tirando|saliendo) agua(?: [^ ]+){0,8} (?:al cuarto|al pasillo|por las escaleras|bajando)';

// Tenth pass (corpus/incoming9): Spanish and French wordings of the same dangers, told plainly.

/** Someone left inside a place whose door shut or jammed, heard or known to be there. */
const shutInsideAll =
  '(?:quedo|quedaron|quede|quedamos|se quedo|se quedaron|sigue|siguen|esta|estan) (?:atrapad[oa]s?|encerrad[oa]s?|adentro|dentro)|(?:y a|il y a) (?:quelqu ?un|qqn|un enfant|une personne|des enfants|ma \\w+|mon \\w+) (?:dedans|a l interieur|coince\\w*|enferme\\w*)|(?:someone|somebody|kids?|children|my \\w+) (?:is |are )?(?:stuck |trapped |locked )?(?:inside|in there)|(?:ficou|ficaram) (?:presos?|presas?|trancad[oa]s?|dentro)';
const doorShutAll =
  'puerta|porte|door|porta|portao|porton|cerr\\w*|bloque\\w*|coince\\w*|locked|lock|llave|poignee|handle|manija|seguro|trabad\\w*|atorad\\w*|jammed|stuck|tranc\\w*';
const signsFromInsideAll =
  'golpe\\w*|toc(?:a|ando|an)|tape|tapent|frappe\\w*|bang\\w*|knock\\w*|pound\\w*|grit\\w*|crie\\w*|scream\\w*|yell\\w*|llor\\w*|pleure\\w*|cry\\w*|sin telefono|without (?:a |his |her )?phone|sans (?:son |sa )?telephone|falta el aire|manque d air|cant breathe|huele|no (?:puede|pueden|sabe|saben) (?:salir|abrir)|cant get out|can t get out|(?:peut|peuvent) pas sortir|bate\\w*|chor\\w*';
const noOneAll = 'nobody|no one|noone|nadie|(?:y a|il y a|n y a|ya) personne|ninguem|vaci[oa]|empty|vide';
/** Someone trying a door or window now: the attempt said in full. */
const attemptAll =
  '(?:intentando|tratando de|trying to|essa(?:ie|ye|yent|yait) d|tentando|queriendo) (?:abrir|forzar|entrar|meterse|open|force|get in|pry|break|ouvrir|forcer|entrer|rentrer|arrombar)(?: [^ ]+){0,3} (?:puertas?|ventanas?|door|doors|window|windows|porte|fenetre|slider|corrediza|cerradura|lock|serrure|porta|janela|reja|portail)';
/** Someone who got into the building or home and is still there. */
const gotInAll =
  '(?:someones|someone is|somebody is|somebodys|there s someone|theres someone|hay alguien|il y a quelqu ?un|y a quelqu ?un|tem alguem) (?:in|inside|en|dans|na|no) (?:my|our|the|mi|nuestra|nuestro|el|la|mon|ma|notre|minha|meu) (?:garage|house|home|apartment|apt|unit|basement|kitchen|living room|bedroom|casa|garaje|cocina|sala|cuarto|depa|apartamento|sotano|maison|appart\\w*|cuisine|salon|chambre|sous sol|garagem|cozinha)|se metio|se metieron|entro|entraron|broke in|got in|s est introduit|se sont introduits|est entre|sont entres|entrou|entraram|(?:quebro|rompio|rompieron|quebraron|smashed|broke|casse|brise|quebrou)(?: [^ ]+){0,6} (?:vidrio|ventana|puerta|glass|window|door|vitre|fenetre|porte|janela|vidro)';
const stillThereAll =
  'encore dedans|est encore (?:la|ici|chez)|esta en (?:la|el|mi) (?:cocina|sala|cuarto|recamara|bano|sotano|garaje|cochera)|revolviendo|rummag\\w*|(?:going|went) through (?:my|our|the|her|his) (?:drawers|stuff|things)|esta adentro|estan adentro|sigue adentro|siguen adentro|still (?:inside|in there|here|there)|encore la|toujours la|sont la|est la dedans|ainda (?:esta|estao) (?:la|dentro)|(?:right )?now|ahorita|ahora mismo|en ce moment|en train de|i can hear them|los oigo|lo oigo|je les entends|(?:abriendo|robando|sacando|going (?:thru|through)|fouill\\w*|vol\\w*)';
/** A lock being worked at from outside. */
const lockWorkedAll =
  '(?:metiendo|meten|metio)(?: [^ ]+){0,2} (?:en|a) la (?:cerradura|chapa)|picking (?:the|my|our) lock|crochet\\w* (?:la|ma|notre) serrure|forc\\w* (?:la|ma) serrure|mexendo na fechadura|forzando la (?:cerradura|chapa)';
/** People masked, or at work cutting locks. */
const maskedAll =
  'cagoule\\w*|encapuchad\\w*|enmascarad\\w*|masked|ski masks?|pasamontanas|(?:en train de|estan|are) (?:couper|cortando|cutting|forcer|forzando|forcing)(?: [^ ]+){0,3} (?:antivols?|candados?|locks?|cadenas|chaines?|cadenas?)';
/** The heat off, in more words. */
const heatOffAll =
  '(?:caldera|calentador|calefaccion|heater|heat|heating|furnace|boiler|chauffage|chaudiere|radiateurs?|aquecimento|aquecedor)(?: [^ ]+){0,4} (?:no arranca|no enciende|no prende|no (?:esta )?calentando|no calienta|ne (?:chauffe|marche|fonctionne|demarre) plus|(?:est )?en panne|nao (?:esquenta|liga|funciona))|(?:no sale|no hay|no tengo|no tenemos|sin|plus de|pas de|sem) (?:heat|calefaccion|calor|aire caliente|chauffage|aquecimento)';
const coldNowAll =
  'recien nacid\\w*|nouveau ?ne|congel\\w*|frozen|froze|gel(?:e|es|ee|ent)?|glace\\w*|(?:marca|reads|says|shows|indique|affiche) (?:[0-9]|[1-4][0-9]|5[0-5])(?![0-9])|(?:[0-9]|1[0-9]) (?:grados|degres|degrees)|helad[oa]|tembland\\w*|tremble\\w*|\\d{2} anos|\\d{2} ans';
/** The CO alarm sounding. */
const coAlarmAll =
  '(?:alarm\\w*|lalarme|detector\\w*|detecteur|ldetecteur|sensor\\w*)(?: [^ ]+){0,3} (?:monoxido|carbono|monoxyde|co)';
const soundingAll =
  'chill\\w*|pit\\w*|son(?:ando|ne|nent)|suena|marca \\d+|beep\\w*|going off|hurle|bip\\w*|apita\\w*|dispar\\w*|no deja de sonar|no para de sonar|sonne';
/** Fuel burnt indoors, with people feeling it. */
const fuelIndoorsAll =
  'poele(?: a (?:petrole|bois|gaz))?|brasero|bracero|anafre|estufa de (?:gas|queroseno|kerosene|lena)|kerosene heater|propane heater|chauffage d appoint|calentador de gas|generador\\w*|generator\\w*|generatrice|groupe electrogene';
const feelingOffAll = `${coSignsAll}|borrach\\w*|ivre|drunk|endormi\\w* d un coup|se (?:quedo|durmio) dormid\\w* de repente|somnolent\\w*|no se despierta|ne se reveille pas`;
/** A hiss at a burner that has no flame, or the smell of a gas bottle where there is none. */
const hissAll = 'f?s{3,}|ps+h+|pshh+\\w*|chhh+|hiss\\w*|sifle\\w*|siffle\\w*|silb\\w*|chiad\\w*';
const burnerAll =
  'hornillas?|hornallas?|quemador(?:es)?|estufa|burners?|stove|plaques?(?: de gaz)?|gaziniere|cuisiniere|feux?|fogao|boca do fogao|tuyau de gaz|tubo del gas';
const bottleSmellAll =
  '(?:huele|olor|smell\\w*|sent|sens|odeur|cheir\\w*)(?: [^ ]+){0,4} (?:gas de cilindro|cilindro de gas|tanque de gas|bouteille (?:de camping|de gaz)|propan\\w*|butan\\w*)';
/** Something in the home set alight. */
const alightAll =
  'se (?:me |nos |le )?(?:esta|estan) (?:quemando|incendiando) (?:la|el|mi|las|los) (?:cocina|casa|cuarto|apartamento|depa|sala|edificio|cuartos|carro|garaje)|(?:store|rideaux?|auvent|toldo|cortinas?|awning|curtains?|stores?|cama|sofa|colchon|alfombra|mueble)\\w* (?:commence a |est en train de |se met a |esta |se )?(?:brul\\w*|prend feu|a pris feu|prendid[oa]|prendio|incendi\\w*|quemand\\w*)';
const foodAll = 'comida|arroz|frijoles|pan|tostadas?|pollo|carne|cena|olla|sarten|food|toast|dinner';
/** A burn from boiling water or oil. */
const scaldAll =
  '(?:eau bouillante|huile bouillante|agua hirviendo|aceite hirviendo|boiling (?:water|oil)|oleo quente|agua fervendo)(?: [^ ]+){0,6} (?:sur|on|en|no|na|encima|sobre|dessus)';
const burntSkinAll =
  'peau|skin|piel|pele|ampoll\\w*|blister\\w*|cloque\\w*|tout blanc|toute blanche|palid\\w*|tremble\\w*|tiembla|shaking|llor\\w*|pleure';
/** Down after a fall and unable to get up, or found at the foot of the stairs. */
const slippedAll =
  'glisse\\w*|tombe\\w*|resbal\\w*|slipped|escorreg\\w*|caiu|se cayo|fell|le pego|la pego|la atropell\\w*|renvers\\w*';
const hurtDownAll =
  '(?:peut|arrive|pouvait) (?:plus|pas) (?:a )?(?:bouger|se lever|marcher)|ne bouge (?:plus|pas)|repond a peine|responde apenas|barely (?:responding|answering|conscious)|no (?:puede|se puede) (?:caminar|mover\\w*|levantar\\w*)|(?:can t|cant|cannot) (?:move|get up|walk)|doblad[oa] raro|tordu\\w* bizarre|tordue|weird angle|bizarre|hueso|bone sticking|os qui sort|esta en el (?:piso|suelo) (?:con|y|gritando)';
const footOfStairsAll =
  'en bas des (?:marches|escaliers)|at the bottom of the (?:stairs|steps)|al pie de la escalera|abajo de (?:las|la) escaleras?|no pe da escada';
const barelyAll =
  'repond a peine|ne repond (?:pas|plus)|not responding|wont answer|isnt answering|no responde|no contesta|(?:cant|can t) get up|no se puede levantar|bouge (?:pas|plus)|saigne|bleeding|sangr\\w*|inconscient\\w*|unconscious';
/** A railing, balcony or stair coming away, leaning or split. */
const holdingPartAll =
  'balcon\\w*|balcony|balconies|garde ?corps|rambardes?|balustrades?|barandal\\w*|barandas?|railings?|handrails?|sacadas?|varandas?|guarda ?corpos?|escaliers?|escaleras?|stairs?|passerelles?|coursives?';
const comingAwayAll =
  'ladead\\w*|inclinad\\w*|penche\\w*|leaning|se descell\\w*|descelle\\w*|se despeg\\w*|se esta (?:cayendo|despegando|separando)|tient (?:plus )?que par|hangs? by|cuelga de|fendu|s est fendu|rajad\\w*|se rajo|cracked (?:through|in half|all the way)|se (?:esta )?(?:soltando|zafando)|dans le vide|al vacio';
/** A piece of roof or facade hanging loose over where people pass. */
const hangingPieceAll =
  '(?:bout|morceau|pan|piece|pedazo|chunk|section|panel|parte) (?:de |of (?:the )?)?(?:toiture|toit|techo|roof|tejado|lamina|ceiling|plafond|fachada|facade|bardage|cornisa|corniche|gutter|canaleta|gouttiere)(?: [^ ]+){0,6} (?:pend|pende|cuelga|colgando|hanging|dangling|arrache\\w*|se (?:solto|desprendio)|came loose|tore off|claque)';
/** Something electrical buzzing, crackling, hot or smelling burnt. */
const panelAll =
  'panel|breaker panel|breakers?|breaker box|fuse box|electrical box|caja de (?:breakers|fusibles|luz)|tablero|panneau electrique|disjoncteurs?|tableau electrique|quadro de (?:luz|energia)';
const panelSignAll =
  'buzz(?:ing|es|ed)?|zumb\\w*|bz+|gresill\\w*|crepit\\w*|chisp\\w*|spark\\w*|smok\\w*|humo|humit\\w*|fume\\w*|burn\\w*|quem\\w*|brul\\w*|hot plastic|hot to the touch|caliente|chaud|calientisim\\w*';
const outletAll =
  'outlets?|sockets?|enchufes?|tomacorrientes?|toma ?corrientes?|contactos?|prises?|tomadas?|interrupteurs?|apagador(?:es)?';
const outletSignAll =
  'chasquid\\w*|chispor\\w*|chisp\\w*|quema al tocar\\w*|burns? (?:to the touch|when)|brule quand|negrit[oa]|ennegrecid\\w*|quemad[oa]|blackened|scorch\\w*|melt\\w*|derretid\\w*|fondu\\w*|noirci\\w*|crepite\\w*|gresille\\w*';
/** Water in quantity: like a shower, by the heap, reaching the next room. */
const waterAmountAll =
  '(?:agua|water|eau)(?: [^ ]+){0,6} (?:como (?:una )?(?:ducha|regadera|cascada|catarata|manguera)|like a (?:shower|waterfall|hose)|comme une (?:douche|cascade)|como uma (?:cachoeira|ducha))|salidero (?:tremendo|grande|enorme)|a montones|a chorros|a raudales|(?:ya )?(?:llego|esta llegando|llegando) (?:a la|al) (?:sala|cuarto|cocina|pasillo|recamara|comedor)';

/** Said of a time gone by: not happening now. */
const pastTimeAll =
  'yesterday|last (?:week|month|night|time|year)|the other day|(?:\\d+|two|three|a few) (?:days|weeks|months) ago|ayer|anoche|la semana pasada|el mes pasado|la ultima vez|el otro dia|hace (?:\\d+|dos|tres|unos) (?:dias|semanas|meses)|hier|la semaine (?:derniere|passee)|le mois (?:dernier|passe)|la derniere fois|l autre jour|il y a (?:\\d+|deux|trois|quelques) (?:jours|semaines|mois)|ontem|semana passada|da ultima vez|a ultima vez';

// Eleventh pass (corpus/incoming10): what residents see, hear or feel, told by people who had not seen
// the rules, in English, Spanish and French.
/** Someone calling out from inside a lift or a freight lift. */
const liftOrCabinAll = `${liftAll8}|montacargas|monte charge|cabine|cabina|freight elevator`;
const callingOutAll =
  'gritos|gritando|grita|gritan|screaming|yelling|shouting|(?:calling|crying|yelling) (?:out )?for help|help me|au secours|crier|crie|crient|criant|socorro|auxilio|pide ayuda|pidiendo ayuda|pedindo ajuda';
const knockingAll =
  'golpes|golpeando|banging|pounding|knocking|taper|tape|tapent|cogne\\w*|frappe\\w*|batendo|bate';
const someoneAll = 'alguien|someone|somebody|quelqu ?un|qqn|alguem|gente|people|persona|person';
/** A lift stopped "between 5 and 6", with someone named inside. */
const betweenNumberedFloorsAll =
  '(?:entre|between) (?:el |the )?\\d+(?:st|nd|rd|th)? (?:y|and|e) (?:el |the )?\\d+|entre le \\d+(?:e|eme)? et le \\d+';
const someoneNamedInsideAll = `${someoneInAll}|(?:mi|my|mon|ma|minha|meu) \\w+ (?:esta|is|est|ta)(?: [^ ]+){0,2} (?:adentro|dentro|inside|in there|dedans)`;
/** A child or someone shut behind a door with no way to open it from inside. */
const noInsideHandleAll =
  '(?:no|without|sin|sans|sem)(?: have)? (?:a |une |un )?(?:handle|knob|manija|perilla|jaladera|poignee|macaneta)(?: [^ ]+){0,2} (?:inside|on the inside|por dentro|adentro|a l interieur|de l interieur|por dentro)|inside (?:no|there is no|theres no) (?:have )?(?:a )?(?:handle|knob)';
const stuckSinceAll =
  'since \\d+ (?:minutes|min|mins)|for \\d+ (?:minutes|min|mins)|here since|desde hace|depuis \\d+|behind me|detras de mi|derriere moi|atrapad\\w*|coince\\w*|stuck|trapped|encerrad\\w*';
const childLockedInAll =
  '(?:pushed|pressed|turned|hit)(?: [^ ]+){0,3} (?:button )?lock|lock(?:ed)? (?:himself|herself|themselves|the door)|(?:se encerro|le puso el seguro|puso el seguro|cerro con seguro)|(?:s est enferme\\w*|a verrouille|a barre la porte)|(?:se trancou|trancou a porta)';
const cannotOpenOrDistressAll =
  '(?:cant|can not|cannot|doesnt know how to|dont know how to|cant work out how to|cant figure out how to) (?:open|unlock|get (?:out|it open))|cant work out how|screaming|crying|panicking|no (?:puede|sabe|podemos|puedo) abrir|llorando|gritando|(?:peut|sait|arrive) pas (?:a )?(?:ouvrir|deverrouiller)|pleure|crie|nao (?:consegue|sabe) abrir|chorando';
/** Fallen and not getting up, or lying and not answering, or breathing strangely after a fall. */
const notGettingUpAll =
  'not getting up|isnt getting up|wont get up|hasnt (?:gotten|got) up|not moving|isnt moving|no se (?:levanta|para|mueve)|ne se releve pas|se releve pas|bouge (?:pas|plus)|nao se (?:levanta|mexe)';
const fellOrLyingAll =
  'fell|fallen|had a (?:bad )?fall|took a (?:bad )?fall|falling|lying|laying|tirad[oa]|cayo|caerse|cayendo|se cayo|par terre|au sol|tombe\\w*|chute|caiu|caido|deitad[oa]|on the (?:floor|ground)|en el (?:piso|suelo)';
const breathingOddAll =
  'breath\\w* (?:weird|funny|strange\\w*|oddly|odd|badly|hard|shallow|fast|wrong)|(?:trouble|struggling|hard time) breathing|respir\\w* (?:asi )?(?:raro|rara|extrano|mal|feo|bizarre|difficilement|bizarrement|estranho|com dificuldade)|a du mal a respirer|respire (?:bizarre|mal)|turning blue|(?:medio |se esta poniendo |esta )morad[oa]|lips (?:are )?(?:blue|purple)|labios morados|levres bleues|(?:devient|devenu|devenue|est) (?:tout |toute )?bleue?';
const notAnsweringMeAll =
  'doesnt answer(?: me)?|isnt answering(?: me)?|not answering me|wont answer me|no (?:me )?(?:contesta|responde)|ne (?:me )?repond (?:pas|plus)|nao (?:me )?responde';
/** Fire: something glowing or flickering with smoke; things alight ("pedazos ardiendo", "agarró lumbre"). */
const glowAll =
  'glow\\w*|flicker\\w*|embers?|smou?lder\\w*|brasas?|braises?|rescoldos?|tisons?|incandescent\\w*';
const smokeOrBurnAll =
  'smoke|smoking|smoky|humo|humea\\w*|fumee|fume|boucane|fumaca|burn\\w*|ardiendo|brule\\w*|quem\\w*';
const glowUnless =
  'lights? (?:are |is |keep |keeps |kept )?flicker\\w*|flicker\\w* (?:lights?|bulbs?|lamps?)|bulbs?|candles?|velas?|bougies?|fireplace|chimenea|foyer|fire ?pits?|fogata|feu de camp|smoke (?:detector|alarm)|detector de humo|detecteur de fumee|glow ?sticks?|glow in the dark|night ?lights?|screen|pantalla|ecran|tv|led|string lights|christmas|navidad|noel|sunset|atardecer';
const alightNowAll =
  '(?<!(?:me|te|le|nos) (?:esta |estan )?)ardiendo(?! (?:de (?:fiebre|calor)|(?:los|la|el) (?:ojos|garganta|estomago|piel)))|agarr(?:o|ando|aron) (?:lumbre|fuego)|(?:cogio|cogieron|tomo|prendio|prendieron) fuego|en llamas|(?:a |ont |vient de )?pris feu|prend feu|pegou fogo|pegando fogo|em chamas|caught (?:on )?fire|catching fire';
/** A gas detector sounding, a smell like boiled eggs or sulphur, a burner left open. */
const gasDetectorAll =
  'gas (?:detector|alarm|sensor|monitor)|detector de gas|alarma de gas|detecteur de gaz|alarme (?:de |a )?gaz|says (?:natural |explosive )?gas|dice gas|(?:natural|explosive) gas on it|methane|propane alarm';
const gasSoundingAll =
  'beep\\w*|going off|went off|sounding|alarming|red light|flashing|pitando|pita|sonando|suena|luz roja|bip\\w*|sonne|clignot\\w*|apitando';
const sulphurSmellAll =
  '(?:smell\\w*|odor|odour|stinks?|olor|huele|odeur|sent|cheiro)(?: [^ ]+){0,16} (?:sulfur|sulphur|azufre|soufre|enxofre|(?:boiled|rotten|rotting)(?: a pot of| a pan of)? eggs?|huevos? (?:podridos?|cocidos?)|oeufs? pourris)';
const waterSmellUnless =
  'water (?:smells|tastes)|hot water|tap water|agua caliente|eau chaude|faucet|shower|well water|drinking water|llave del agua|robinet|cooking|cocinando|boiling eggs';
const burnerLeftOpenAll =
  'abiert[oa]s?|left (?:on|open)|dejas? (?:la |el )?(?:hornilla|estufa|llave)|ouverte?s?|no prende|no enciende|wont light|doesnt light|not lighting|wont catch|ne s allume (?:pas|plus)|s allume pas|nao acende|sin llama|sans flamme|no flame';
const smellOrDizzyAll =
  'olor|huele|smell\\w*|odeur|sent|cheiro|mare\\w*|dizzy|headache|etourdi\\w*|tonto|tontura';
/** A CO detector's screen showing parts per million, or its four beeps. */
const detectorAll = 'detectors?|alarms?|aparatito|aparato|alarma|detector|detecteur|alarme';
const ppmReadingAll =
  '(?:showing|shows|says|reads|reading|displays?|dice|marca|muestra|affiche|indique|mostra)(?: a)?(?: number)? \\d{2,3}(?! (?:dollars|years|anos|ans))|(?:en la pantalla|on the screen|on the display|a l ecran|sur l ecran|na tela)(?: [^ ]+){0,2} \\d{2,3}|\\d{2,3} ppm|ppm|(?:4|four|cuatro|quatre|quatro) (?:pitidos|beeps?|bips?|bipes)|(?:groups?|sets?) of (?:4|four)|in (?:groups|sets) of (?:4|four)';
/** Feeling sick near a burning appliance with a yellow flame or soot. */
const feelingSickAll =
  'feel\\w* sick|feel\\w* (?:bad|ill|weird|strange)|(?:the |my |her |his )?head (?:is )?(?:turning|spinning)|head spins|se sienten? mal|me siento mal|(?:me|nos|le|les) da vueltas la cabeza|la tete (?:qui )?tourne|mal au coeur|mal a la tete|se sent(?:ent)? mal|sleepy|somnolent\\w*|cansad[oa]s? de repente';
const badFlameAll =
  'flame (?:is |are )?(?:yellow|orange)|(?:yellow|orange) flames?|llama amarilla|llamas amarillas|flamme jaune|chama amarela|black marks|soot|hollin|suie|fuligem|manchas negras';
const burnerApplianceAll =
  'water heater|heater|furnace|boiler|calentador|caldera|chauffe eau|chaudiere|fournaise|aquecedor|stove|estufa|poele';
/** Water rising or spreading through a home: a toilet that keeps pouring, a drain coming up. */
const waterAll11 = 'water|agua|eau|aguas negras|sewage|drenaje|egout';
const keepsPouringAll =
  'no deja de (?:botar|echar|salir|tirar|soltar) agua|no para de (?:botar|echar|salir|tirar) agua|(?:sigue|seguia) saliendo|keeps (?:pouring|coming|running|gushing|overflowing)|continue de (?:sortir|couler|monter)|ca continue|arrete pas de (?:couler|sortir)|nao para de (?:sair|vazar|jorrar)';
const spreadingAll =
  '(?:ya )?(?:cubrio|cubre|covered|covering|couvre) (?:todo )?(?:el |the |le )?(?:piso|suelo|floor|plancher|sol)|(?:saliendo|sale|coming out|leaking out|coule|sort) (?:por )?(?:debajo de|under|sous) (?:la |the |)(?:puerta|door|porte)|hacia (?:la escalera|el pasillo|las escaleras)|toward the (?:hall\\w*|stairs|elevator)|(?:se esta |se )?regando por toda|por toda la (?:casa|sala|cocina|recamara)|all over the (?:floor|house|apartment|unit|kitchen)|partout dans|dans tout (?:l appart\\w*|la maison|le logement)|(?:va |esta |sigue )subiendo|ya se metio a|rising|coming up (?:through|from|out of)|spreading|(?:\\w+ )?(?:centimetres?|centimetros?|cm|pouces|pulgadas|inches|polegadas) d(?:e |)?(?:eau|agua)|(?:inches|centimeters) of water|monte|refoule\\w*';
const drainAll =
  'coladera|resumidero|drenaje|desague|sumidero|drains?|floor drain|siphon|bonde|ralo|egouts?|toilets?|inodoro|taza|toilette|cuvette|vaso sanitario|bathtub|tub|tina|baignoire';
const likeAShowerAll =
  'comme (?:une |la )?(?:douche|cascade|chute)|like a (?:shower|waterfall|faucet|tap|hose)|como (?:una |la )?(?:regadera|ducha|cascada|llave abierta|manguera)|comme un robinet';
/** A roof, a ceiling or stairs bending, sinking or creaking under weight, with people near. */
const structureAll =
  'roofs?|carport|awning|ceilings?|techos?|plafond|plafon|toit|toiture|teto|telhado|stairs|staircase|stairway|steps|escaleras?|escalones?|escalier|marches|escada|degraus|balcony|balcon|balcao|varanda|deck|terrasse|terraza|porch|walkway|pasillo|passerelle';
const bendingAll =
  'bent|bending|bowing|bowed|sagging|sags|buckl\\w*|combando|combad[oa]|pandeando|pandead[oa]|se pandea|hundiendo|se hunde|se esta hundiendo|cediendo|bosse|descend\\w*|s affaiss\\w*|affaisse\\w*|plie|ploie|cede|cedendo|afundando|envergad[oa]|vergando';
const strainSignAll =
  'creak\\w*|crack(?:ing)? (?:sound|noise)s?|cracking|crujid\\w*|cruje\\w*|craqu\\w*|grinc\\w*|rangendo|estalando|weight of (?:the |all the )?snow|from (?:all )?the snow|peso de la nieve|poids de la neige|peso da neve|leaning|se cayo|ya se cayo|tombe\\w*|caiu|people (?:under|below|walking)|gente (?:debajo|abajo|pasando)|sigue pasando|de plus en plus|more and more|cada vez mas|getting (?:worse|bigger|lower)|posts? (?:are )?leaning';
/** A live cable on the ground or in water. */
const cableAll = 'cables?|wires?|lines?|fils?|fios?|alambres?';
const liveCableSignAll =
  'crackl\\w*|jumping around|jumping|dancing|whipping|sparking|chisporrot\\w*|zumba\\w*|gresill\\w*|crepit\\w*|zisch\\w*|saltando|brincando|tronando';
const bareCableAll =
  '(?:cables?|wires?|alambres?|fils?|fios?)(?: [^ ]+){0,4} (?:pelad[oa]s?|expuest[oa]s?|bare|exposed|denude\\w*|a nu|desencapad[oa]s?|sin forro|descubiert[oa]s?)';
const inWaterAll =
  'tocando el agua|touching (?:the )?water|in the (?:pool|water)|dans l eau|dans la piscine|na agua|na piscina|en el agua|en la (?:alberca|piscina)|alberca|pool|piscina|piscine|charco|puddle|flaque';
/** Heat off and cold now, in words the earlier passes lacked. */
const heatOffAll11 =
  '(?:no tiene|no tienen|no tenia|no tenemos) (?:calefaccion|calefa|heat|caldera)|(?:se (?:ha )?(?:parado|paro|roto|estropeado|apagado|averiado)|ha dejado de funcionar|no arranca) (?:la |el )?(?:caldera|calefaccion|calentador|boiler|calefactor)|(?:caldera|calefaccion|boiler)(?: [^ ]+){0,3} (?:se (?:ha )?(?:parado|paro|roto|estropeado|averiado)|parad[oa]|averiad[oa]|estropead[oa])|no warm(?:th|ness)?(?! (?:water|agua|eau|shower|showers|bath))(?: air)?|not warm(?:ing)? (?:at all|anymore)|heat (?:hasnt|has not|didnt|did not) come back|(?:se apago|se murio|se fue|no sirve|no prende) (?:el |la )?(?:heater|heat|calefa|calentador)|chauffage (?:a |est )?(?:lache|mort|brise|casse|arrete)|(?:le )?chauffage (?:ne )?(?:marche|fonctionne|part) (?:pas|plus)|la fournaise (?:a |est )?(?:lache|morte|brisee|arretee)';
const coldNow11 =
  '(?:el mismo|tanto|igual de) frio (?:q|que|como) (?:afuera|en la calle)|as cold (?:in here |inside )?as (?:outside|out there)|aussi froid (?:qu|que) dehors|(?:estamos|esta|estan|hay) a [0-9] grados|no para de temblar|numb|entumid\\w*|engourdi\\w*|frosting (?:over|up)|(?:have|has|with) ice|ice on (?:top|the)|hielo (?:por dentro|adentro|en (?:las|los) (?:ventanas|vidrios|tubos))|(?:con )?hielo por dentro|glace (?:a l interieur|sur les fenetres|dans)|givre|tremble\\w*|grelott\\w*|minus \\d+|moins \\d+|-\\d+|menos \\d+|bajo cero|sous zero|below (?:zero|freezing)|abuel[oa]|grand mere|grand pere|bebe|baby|newborn';
/** Someone at the door or window now: pulling the handle, climbing in by the window. */
const atTheDoorNowAll =
  '(?:pulling|yanking|jiggling|rattling|trying) (?:on |at )?(?:my|the|our) (?:\\w+ )?(?:door|handle|doorknob|knob|window|lock)|(?:moviendo|jalando|jaloneando|forcejeando) (?:la |el )?(?:manija|perilla|chapa|puerta|ventana|picaporte)|secou\\w* (?:la |ma )?(?:poignee|porte)|tire sur (?:la |ma )?(?:poignee|porte)|(?:se (?:esta )?)?metiendo(?:se)? por (?:la |una )?(?:ventana|puerta)|entrando por (?:la |una )?ventana|climbing (?:in|through) (?:the|a|my|our) window|(?:entre|passe|rentre) par (?:la )?fenetre|entrando pela janela';
const atNightOrNowAll =
  'right now|now|ahorita|ahora|en este momento|a esta hora|en ce moment|maintenant|agora|\\d+ ?am|\\d+ de la (?:manana|madrugada)|madrugada|middle of the night|shadow|sombra|ombre|capucha|hood\\w*|cagoule|mascara|mask\\w*';
/** A lock blown while someone slept, and a stranger in the home now. */
const lockBlownAll =
  '(?:han |me han |nos han )?(?:reventado|forzado|volado|botado|roto) (?:la |el )?(?:cerradura|chapa|puerta|candado|ventana)|(?:reventaron|rompieron|forzaron|volaron|botaron) (?:la |el )?(?:cerradura|chapa|puerta|candado)';
const strangerHereAll =
  'hay (?:un|una|unos|dos) (?:hombre|tipo|senor|desconocid[oa]|persona|tipos|hombres)|(?:alguien|hombre|tipo) (?:en|dentro|adentro)|estoy (?:encerrad|escondid)\\w*|oigo|escucho|siguen? (?:adentro|dentro|ahi)';

// Twelfth pass (corpus/incoming11): residents' wordings in English, Spanish and French that the earlier
// passes lacked, each a class: a smell of spoiled eggs or cabbage, gas heard escaping from a loosened
// hose, the ground bubbling by the gas meter, several people sick in one place at once, a crack opening
// by the hour, a railing or stairs coming away, someone shut in (a child alone behind a locked door, a
// jammed door with the writer inside, someone stuck out on a balcony in the cold), a slip and not
// getting up, someone in the home who was not let in, a door being kicked or forced now.
/** A smell like spoiled eggs or rotten cabbage (the odorant added to natural gas). */
const spoiledSmellAll =
  '(?:smell\\w*|odou?r|stinks?|olor|huele|odeur|sent|pue|cheir\\w*)(?: [^ ]+){0,6} (?:(?:a |de |like |le |du )?huevos? (?:danad[oa]s?|mal[oa]s?|echad[oa]s? a perder|pasad[oa]s?|podrid[oa]s?)|(?:le |du )?choux? pourris?|repolho podre|eggy|(?:like |of )?(?:bad|spoiled|off) eggs?)|eggy (?:smell|odou?r|stink)';
const spoiledSmellUnless =
  'fridge|refri\\w*|nevera|frigo\\w*|breakfast|desayuno|cooking|cocinando|boiling|hervir|water (?:smells|tastes)|hot water|agua caliente|eau chaude|tap water|well water|pet food|compost';
/** Gas heard or seen escaping: a hose come loose from a tank, "fssss". */
const gasEscapingAll =
  '(?:gas|gaz|propano|propane|butano|butane)(?: [^ ]+){0,3} (?:saliendo|escapando|escapandose|se (?:esta )?(?:saliendo|escapando)|coming out|escaping|leaking out|sort|s echappe|fuit|saindo|vazando)|f+s{3,}h*';
/** A gas hose come loose from its tank or stove, in either order: "se zafó la manguera del cilindro". */
const hoseAll = 'manguera|hose|tuyau|mangueira|flexible';
const hoseLooseAll =
  'se (?:safo|zafo|solto|desconecto|salio|desprendio)|(?:came|come|coming|is) (?:off|loose|undone)|disconnected|s est (?:detache|debranche)\\w*|(?:detache|debranche)e?|se soltou|soltou';
/** The ground bubbling by the gas meter or a gas line. */
const bubblingAll = 'burbuj\\w*|bubbl\\w*|bouillonn\\w*|borbulh\\w*|fait des bulles';
const gasPlaceAll = 'gas|gaz|medidor|meter|compteur|contador del gas|tuberia|gas line|conduite';
/** Several people feeling ill in one place at once. */
const illAll =
  'dizzy|dizziness|confused|lightheaded|light headed|nause\\w*|headaches?|throwing up|vomit\\w*|mareados?|mareadas?|atontad\\w*|(?:nos|les|le|me) duele la cabeza|nos sentimos (?:mal|mareados|raros)|confundid[oa]s?|etourdi\\w*|(?:mal a la|maux de) tete|la tete qui tourne|nausee\\w*';
const severalAll =
  'a todos|todos (?:los|las) (?:que|de)|todos (?:estamos|nos)|nos (?:duele|sentimos|dio|da)|(?:feels?|felt|is|was) the same|same (?:thing|symptoms)|(?:everyone|everybody|all of us|both of us)(?: [^ ]+){0,3} (?:is|are|feels?|has|have|got|gets)|we (?:all|both) (?:feel|have|got|are)|lo mismo|tout le monde|nous (?:tous|deux)|(?:elle|il) aussi|ella tambien|el tambien|she (?:does|is|feels) too';
const illUnless =
  'food|comida|ate|eaten|comimos|mange\\w*|flu|gripe|grippe|covid|virus|pregnan\\w*|embarazada|enceinte|hangover|resaca|cruda|noise|ruido|bruit|music|musica|musique|heat ?wave|calor|chaleur|boat|barco|ride|paint|pintura|peinture|fumigat\\w*|pesticid\\w*|bug spray|construction|obra';
/** A crack that is opening as they watch. */
const crackAll = 'cracks?|raja|rajadura|grietas?|fisuras?|fissures?|lezardes?|rachaduras?|trincas?|fendas?';
const openingAll =
  'se esta abriendo|se (?:va|sigue) abriendo|abriendose|se abre (?:mas|cada)|(?:getting|gets) (?:bigger|wider)|growing|widening|opening up|s (?:agrandit|elargit|ouvre)|(?:grandit|s agrandit) (?:a vue d oeil|de plus en plus)|esta (?:aumentando|creciendo)|cada (?:hora|rato|minuto)|cabe (?:un|el|mi) dedo|(?:fit|fits|can fit|put) (?:a|my) (?:finger|hand)|on (?:peut )?(?:y )?(?:passer|mettre) (?:un|le) doigt|esta abrindo|aumentando';
const crackUnless =
  'paint|pintura|peinture|drywall tape|hairline|tiny|small|pequen\\w*|petite|sidewalk|banqueta|acera|driveway|windshield|parabrisas|phone|screen|pantalla|ecran|tile|azulejo|window|ventana|mirror|espejo|cup|taza|egg|huevo';
/** A railing or stairs coming away, or giving way under someone. */
const railOrStairsAll =
  'railings?|handrails?|guard ?rails?|banisters?|baranda\\w*|barandal\\w*|barandilla\\w*|pasamanos|garde corps|rambardes?|balustrades?|grades?|guarda corpo|corrimao|stairs|staircase|stairway|steps?|escaleras?|escalones?|escalier\\w*|marches?|escada\\w*';
const givingWayAll =
  'se separo|se (?:ha |esta )?(?:separado|desprendido|despegado|zafado|safado)|se (?:desprendio|despego|zafo|safo)|se va (?:pa|para|hacia) (?:fuera|afuera|adelante|atras)|se bambolea\\w*|tambalea\\w*|se mueve (?:tod[oa]|entera|mucho)|s est decroche\\w*|(?:est )?decroche\\w* du mur|se detache\\w*|bouge des qu|(?:pulled|pulling|came|coming|come) (?:away|off) (?:from )?(?:the )?wall|gave way|giving way|gives way|(?:dropped|sank|sunk) (?:like |about |almost )?\\d+ ?(?:inches|inch|in|cm)|se hundio|cedio|ha cedido';
const railUnless =
  'paint|pintura|peinture|rust\\w*|oxid\\w*|rouill\\w*|squeak\\w*|rechin\\w*|grince\\w*|ugly|fea|feo|moche|(?:a )?(?:little|bit|poco|peu) (?:loose|suelt[oa]|flojo|floja)';
/** Someone shut in: a child alone behind a locked door, a jammed door with the writer inside. */
const childAloneInsideAll =
  '(?:quedo|se quedo|esta|sigue|is|got|reste|est)(?: [^ ]+){0,2} (?:sol[oa] |alone |seul\\w* )?(?:adentro|dentro|encerrad[oa]|inside|locked in|shut in|enferme\\w*|a l interieur)(?: [^ ]+){0,4} (?:con llave|con seguro|locked|a cle|sous cle)|(?:sol[oa]|alone|seul\\w*) (?:adentro|dentro|inside|a l interieur|encerrad[oa]|enferme\\w*)';
const cryingAll = 'llora\\w*|crying|cries|screaming|pleure\\w*|crie\\w*|grita\\w*|chora\\w*|grit\\w*';
const doorJammedAll =
  'se (?:tranco|trabo|atoro|atasco|cerro|atranco)(?: [^ ]+){0,2} (?:la )?puerta|puerta(?: [^ ]+){0,4} (?:se (?:tranco|trabo|atoro|atasco|cerro)|trabada|atorada|atascada|trancada)|door(?: [^ ]+){0,4} (?:is |got |has |s )?(?:jammed|stuck|locked|wont open|will not open)|(?:porte|portiere)(?: [^ ]+){0,3} (?:est )?(?:bloquee|coincee|fermee|verrouillee|s ouvre (?:pas|plus))';
const writerInsideAll =
  'estoy (?:adentro|dentro|encerrad[oa])|estamos (?:adentro|dentro|encerrad[oa]s)|(?:im|i am|we are|were) (?:inside|in here|stuck|locked in|trapped)|je suis (?:dedans|a l interieur|coince\\w*|enferme\\w*|bloque\\w*)|on est (?:dedans|coinces|enfermes|bloques)';
const helpAll =
  'ayuda|auxilio|socorro|help|aidez|au secours|no puedo salir|cant get out|can t get out|je peux pas sortir|peux pas sortir';
/** Someone stuck outside on a balcony or a roof, the door jammed, in the cold. */
const stuckOutsideAll =
  '(?:quedo|se quedo|quedamos|estoy|esta|stuck|locked out|got locked|reste|est|coince\\w*|bloque\\w*|enferme\\w*)(?: [^ ]+){0,2} (?:afuera |dehors |outside )?(?:en el|en la|on the|sur le|sur la|out on the) (?:balcon\\w*|balcony|terraza|terrasse|patio|azotea|roof|techo|toit)';
const doorWontOpenAll =
  'no (?:se )?abre|wont open|will not open|doesnt open|se (?:trabo|atoro|atasco|tranco|cerro)|jammed|stuck|ne s ouvre (?:pas|plus)|bloquee|coincee|locked';
const coldOrDarkAll =
  'nevando|nieve|helando|frio|snow\\w*|freez\\w*|cold|neige|gel\\w*|froid|lluvia|lloviendo|rain\\w*|pleut|pluie|noche|night|nuit|abuel\\w*|grand mere|bebe|baby|anciana|elderly|\\d+ anos|\\d+ years';
/** A slip or a fall, and not getting up. */
const slipAll = 'glisse\\w*|slipped|slip|resbal\\w*|escorreg\\w*|tombe\\w*|fell|se cayo|cayo|caiu';
const cannotGetUpAll =
  '(?:arrive|peut|peux|pouvait|arrivait) (?:pas|plus) (?:a )?se relever|(?:ne )?se releve (?:pas|plus)|no (?:se )?(?:puede|pudo|logra) (?:levantar|parar|mover)|cant get up|can t get up|cannot get up|unable to get up|nao consegue (?:se )?levantar';
/** Someone in the home who was not let in. */
const someoneInHomeAll =
  '(?:someone|somebody|some1|sum1|a man|a guy|a stranger|alguien|un hombre|un tipo|quelqu ?un|un homme|un inconnu)(?: (?:is|s|esta|est))? (?:in|inside|en|dans) (?:her|his|my|our|their|the|su|mi|nuestra|sa|son|ma|mon|notre) (?:living room|kitchen|bedroom|house|home|apartment|apt|unit|flat|place|condo|sala|cocina|cuarto|recamara|casa|depa|departamento|apartamento|salon|cuisine|chambre|maison|appart\\w*)';
const notLetInAll =
  'didnt let (?:anybody|anyone|anybody else|them|him|her) in|did not let (?:anybody|anyone) in|no (?:dejo|deje|dejamos) entrar a nadie|(?:n a|a) laisse entrer personne|(?:doesnt|dont|does not) know (?:who|him|her|them)|no (?:sabe|se) quien es|sait pas qui|whisper\\w*|susurr\\w*|en voz baja|chuchot\\w*|hiding|escondid\\w*|cache\\w*|stranger|desconocid\\w*|inconnu';
/** A door or a window kicked or forced now, to get in: "tan forzando la puerta", "kickin my door tryin to get in". */
const forcingNowAll =
  '(?:tan|estan|esta|sigue|siguen|keeps?|is|are|someone|somebody|some1|sum1|alguien|ils|quelqu ?un)(?: [^ ]+){0,2} (?:forzando|pateando|tumbando|golpeando|rompiendo|kick(?:ing|in)|forcing|prying|ramming|shoulder\\w*|defonc\\w*|enfonc\\w*|forc\\w*)(?: [^ ]+){0,3} (?:la |su |mi |the |my |her |his |our |la )?(?:puerta|door|porte|ventana|window|fenetre|reja|portail)';
const toGetInAll =
  'para entrar|pa entrar|para meterse|(?:tryin|trying|tries|try) (?:to )?(?:get|break|come) in|to get in|pour entrer|pour rentrer|con una? (?:barra|palanca|pata de cabra|barreta)|(?:with|w) a (?:crowbar|bar|pry bar)|pied de biche|frame (?:is )?crack\\w*|marco (?:se )?(?:esta )?(?:rajando|partiendo)|chambranle';
const forcingUnless =
  'ball|balon|pelota|ballon|kids? playing|ninos jugando|wrong (?:door|apartment|unit)|(?:my|mi|su|his|her) (?:own )?(?:key|keys|llave|llaves)|locksmith|cerrajero|serrurier|maintenance|mantenimiento|firefighters?|bomberos|pompiers|police|policia|la poli';

export const situationRules: LexiconRule[] = [
  {
    // Someone who locked themselves in and cannot open: "la nena se encerró en el baño y no sabe quitar el seguro".
    id: 'person_trapped/locked-self-in',
    kind: 'person_trapped',
    triggers: [
      latin(
        '(?:se encerr\\w*|se (?:quedo|quedaron) encerrad[oa]s?|locked (?:him|her|them)sel(?:f|ves) in|(?:se )?trancou|s est enferme\\w*)(?: [^ ]+){0,6} (?:bano|cuarto|closet|recamara|bathroom|room|bedroom|banheiro|quarto|salle de bain|chambre|toilettes|placard|armoire|buanderie|cagibi|armario|ropero|despensa|pantry)',
      ),
    ],
    also: [
      latin(
        'no (?:sabe|puede|podemos|puedo) (?:quitar|abrir)|cant (?:unlock|open|get (?:it|the door) open)|can t (?:unlock|open)|nao (?:sabe|consegue|conseguimos) (?:abrir|destrancar)|(?:sait|peut|arrive) pas (?:a )?(?:ouvrir|deverrouiller)|llorando|crying|chorando|pleure',
      ),
    ],
  },
  {
    // A CO alarm named in Spanish, Portuguese or French order ("la alarma de CO ha saltado"), or a
    // talking detector ("Warning! Carbon monoxide! Move to fresh air").
    id: 'carbon_monoxide/alarm-named',
    kind: 'carbon_monoxide',
    triggers: [
      latin(
        '(?:alarma|detector|alarme|detetor|detecteur|avertisseur) (?:de |del |do |da |du )?(?:co|monoxido|mono oxido|monoxyde)(?: de carbono| de carbone)?',
      ),
      latin(
        'warning carbon monoxide|carbon monoxide (?:detected|warning)|move to fresh air|monoxido detectado',
      ),
    ],
    also: [
      latin(
        'ha saltado|salto|salta|sonando|suena|pitando|sin parar|se (?:activo|disparo)|tocando|tocou|disparou|apitando|sonne|warning|fresh air|mare\\w*|cansad[oa]|embotad[oa]|dolor de cabeza|duele la cabeza|tontura|enjo\\w*|vertige\\w*|mal a la tete|dizzy|headache|nause\\w*',
      ),
    ],
    unless: [
      latin(
        'bateria baja|low batter\\w*|pita cada|chirp\\w*|end of life|fin de vida|dice end|says end|vencid[oa]|expired?|(?:nao|no|not|pas) (?:ta |esta |is |est )?(?:apitando|pitando|sonando|beeping|sounding|sonne)|fim d[ae] vida|vida util',
      ),
    ],
  },
  {
    id: 'person_trapped/in-a-stopped-lift',
    kind: 'person_trapped',
    triggers: [latin(pair(inLiftAll, liftFailedAll, 12)), latin(liftWithSomeoneAll)],
    unless: [
      latin(
        'yesterday|last (?:week|night|month)|ayer|la semana pasada|ontem|semana passada|hier|la semaine derniere|hom qua|tuan truoc|got out|salimos|saimos|sortis?|nobody|no one|nadie|ninguem|personne|khong ai|all week|toda la semana|empty|vacio|vazio',
      ),
    ],
  },
  {
    id: 'electrical_hazard/water-and-crackling',
    kind: 'electrical_hazard',
    triggers: [latin(pair(waterAll, cracklingAll, 16))],
    also: [latin(electricRoomAll)],
  },
  {
    id: 'electrical_hazard/line-down',
    kind: 'electrical_hazard',
    triggers: [latin(pair(downedLineAll, downAll, 6))],
    unless: [
      latin(
        'internet|cable tv|tv cable|wifi|fibra|fibre|fiber|phone line|telefono|telephone|dien thoai|working on|crews?|guys|repair\\w*|cuadrilla|trabajando|arreglando',
      ),
    ],
  },
  {
    id: 'electrical_hazard/tingle-near-water',
    kind: 'electrical_hazard',
    triggers: [latin(tingleAll)],
    also: [
      latin(
        'metal|ladder|railing|rail|pool|piscina|alberca|barandal|reja|grade|corrimao|echelle|rampe|piscine|faucet|grifo|torneira|robinet|shower|ducha|regadera|chuveiro|douche',
      ),
    ],
    unless: [
      latin(
        'leg|foot|feet|arm|fingers?|pierna|brazo|dedos?|perna|braco|jambe|bras|asleep|dormid[oa]|numb|entumid[oa]|anxiety|ansiedad',
      ),
    ],
  },
  {
    id: 'structural_danger/roof-loose-over-people',
    kind: 'structural_danger',
    triggers: [latin(pair(roofPartAll, roofLooseAll, 8))],
    also: [latin(overPeopleAll)],
  },
  {
    id: 'structural_danger/ceiling-bubble',
    kind: 'structural_danger',
    triggers: [latin(ceilingBubbleAll)],
    also: [latin(growingOrFastAll)],
    unless: [
      latin(
        'paint|pintura|peinture|tinta|wallpaper|papel tapiz|small|little|pequen[oa]|pequenit[oa]|petite?',
      ),
    ],
  },
  {
    id: 'flooding/faster-than-buckets',
    kind: 'flooding',
    triggers: [latin(bucketsAll)],
    also: [latin(waterInAll)],
  },
  {
    id: 'flooding/pouring-all-over',
    kind: 'flooding',
    triggers: [latin(pair(pouringAllOverAll, fixtureAll, 10))],
    unless: [
      latin(
        'gas|gaz|propane|propano|sprinklers?|street|lawn|grass|irrigation|hydrant|calle|cesped|aspersor\\w*|rua|grama|rue|pelouse',
      ),
    ],
  },
  {
    id: 'flooding/into-the-home',
    kind: 'flooding',
    triggers: [latin(waterIntoHomeAll)],
  },
  {
    id: 'break_in/hiding-from-someone',
    kind: 'break_in',
    triggers: [latin(hidingAll)],
    also: [latin(intruderCueAll)],
    unless: [latin(hidingUnless)],
  },
  {
    id: 'break_in/forced-and-someone-inside',
    kind: 'break_in',
    triggers: [latin(pair(forcedEntryAll, presenceNowAll, 16))],
  },
  {
    id: 'break_in/trying-to-open',
    kind: 'break_in',
    triggers: [latin(tryingToOpenAll)],
    unless: [latin(notAnIntruderAll)],
  },
  {
    id: 'break_in/climbing-in',
    kind: 'break_in',
    triggers: [latin(climbingInAll)],
    unless: [
      latin(
        '(?:cat|gato|chat|meo|squirrel|ardilla|raccoon|mapache|kid|nino|enfant|plant|planta|vine|ivy|hiedra)\\w*(?: [^ ]+){0,3} climb\\w*|trepadora',
      ),
    ],
  },
  {
    id: 'break_in/smashing-now',
    kind: 'break_in',
    triggers: [latin(pair(smashingAll, smashTargetAll, 5))],
    also: [latin(nowAll)],
    unless: [latin('hail|granizo|granizada|grele|mua da|ball|pelota|bola|ballon|bong')],
  },
  {
    id: 'break_in/zh-smashing-now',
    kind: 'break_in',
    triggers: [script('砸.{0,4}(?:车窗|车|玻璃|门|窗|信箱|邮箱)')],
    also: [script('现在|还在|正在')],
  },
  {
    id: 'injury/lying-on-the-floor',
    kind: 'injury',
    triggers: [
      latin(then(personCueAll, lyingOnFloorAll, 8)),
      latin('(?:esta|lo|la|se ve|vi|veo) tirad[oa] en el (?:piso|suelo)'),
    ],
    unless: [latin(lyingUnless)],
  },
  {
    id: 'injury/went-down-not-answering',
    kind: 'injury',
    triggers: [latin(pair(collapseAll, unresponsiveAll, 12))],
    unless: [latin(collapseUnless)],
  },
  {
    id: 'injury/vi-fell-cannot-move',
    kind: 'injury',
    triggers: [
      latin(
        then(
          '(?:bi )?(?:te|nga)',
          'khong (?:the )?cu dong|ko cu dong|khong (?:dung|ngoi) day duoc|bat tinh|khong tra loi',
          8,
        ),
      ),
    ],
  },
  {
    id: 'injury/zh-bleeding',
    kind: 'injury',
    triggers: [
      script(
        '血(?:止不住|一直(?:在)?流|流不止|流个不停)|流了(?:很多|好多|一地)血|大出血|(?:很深|好深)的?(?:口子|伤口)|(?:切|割|划)(?:得|了)?(?:很|好)深',
      ),
    ],
  },
  {
    id: 'person_trapped/only-opens-from-outside',
    kind: 'person_trapped',
    triggers: [
      latin(pair(onlyFromOutsideAll, someoneBehindAll, 20)),
      latin(
        'se (?:me|nos|le|les) cerro (?:la puerta|el porton)(?: [^ ]+){0,8} (?:conmigo|con nosotros|con el|con ella) (?:adentro|dentro)',
      ),
    ],
  },
  {
    id: 'person_trapped/cannot-leave',
    kind: 'person_trapped',
    triggers: [
      latin(
        pair(
          cannotLeaveAll,
          'serrure|porte|fechadura|porta|cerradura|puerta|lock|door|bloque\\w*|trancad\\w*|emperrad\\w*|atorad\\w*',
          8,
        ),
      ),
    ],
    unless: [latin(cannotLeaveUnless)],
  },
  {
    id: 'person_trapped/zh-shut-in',
    kind: 'person_trapped',
    triggers: [
      script('被(?:关|锁|困)在.{0,4}(?:里面|里头|里边|内)|(?:门|锁).{0,6}打不开.{0,10}(?:人|他|她|在里面)'),
    ],
  },
  {
    id: 'person_trapped/child-locked-car',
    kind: 'person_trapped',
    triggers: [latin(then(childAll, carAll, 8))],
    also: [latin(carLockedAll)],
    unless: [latin(carUnless)],
  },
  {
    id: 'person_trapped/lift-between-floors',
    kind: 'person_trapped',
    triggers: [latin(then(liftAll, betweenFloorsAll, 8))],
    also: [latin(someoneInAll)],
    unless: [
      latin(
        'yesterday|last (?:week|night|month)|ayer|la semana pasada|ontem|semana passada|hier|la semaine derniere|hom qua|tuan truoc',
      ),
    ],
  },
  {
    id: 'structural_danger/leaning-wall',
    kind: 'structural_danger',
    triggers: [latin(pair(wallAll, leaningAll, 8))],
    also: [latin(worseningOrFallingAll)],
  },
  {
    id: 'structural_danger/zh-leaning-falling',
    kind: 'structural_danger',
    triggers: [
      script(
        '(?:砖|石头|石块|瓦).{0,6}(?:往下掉|掉下来|掉落|一块块)|(?:烟囱|墙|围墙|挡土墙|砖墙).{0,8}(?:(?:往|向)一边歪|歪了|倾斜)',
      ),
    ],
  },
  {
    // A crack with pieces of the wall coming down: "se están cayendo pedacitos".
    id: 'structural_danger/crack-pieces-falling',
    kind: 'structural_danger',
    triggers: [
      latin(
        pair(
          'cracks?|grietas?|rajaduras?|rachaduras?|trincas?|fissures?|lezardes?|craques?|vet nut',
          '(?:cayendo|caen|falling|fall|tombent|caindo|caem|roi|rot) (?:pedazos|pedacitos|trozos|pieces|chunks|bits|morceaux|pedacos|bouts|manh)|(?:pedazos|pedacitos|trozos|pieces|chunks|morceaux|pedacos)(?: [^ ]+){0,2} (?:cayendo|caen|falling|tombent|caindo|caem)',
          20,
        ),
      ),
    ],
    unless: [latin('paint|pintura|peinture|tinta|son|wallpaper|papel tapiz')],
  },
  {
    id: 'electrical_hazard/arcing',
    kind: 'electrical_hazard',
    triggers: [latin(pair(arcingAll, electricPartAll, 14))],
    unless: [
      latin(
        'lightning|relampago|relampagos|raio|raios|eclair au chocolat|tormenta|storm|orage|weld\\w*|soldad\\w*|solda\\w*|soud\\w*',
      ),
    ],
  },
  {
    id: 'electrical_hazard/bare-wire-or-shock',
    kind: 'electrical_hazard',
    triggers: [latin(shockedAll), latin(bareWireTouchingAll)],
  },
  {
    id: 'flooding/overflowing-nonstop',
    kind: 'flooding',
    triggers: [latin(pair(overflowAll, nonStopAll, 6)), latin(pouringOutAll)],
  },
  {
    id: 'flooding/through-the-ceiling',
    kind: 'flooding',
    triggers: [latin(throughCeilingAll)],
    also: [latin(tooMuchWaterAll)],
  },
  {
    id: 'fire_smoke/caught-alight',
    kind: 'fire_smoke',
    triggers: [latin(caughtAlightAll)],
  },
  {
    id: 'carbon_monoxide/charcoal-indoors',
    kind: 'carbon_monoxide',
    triggers: [latin(pair(charcoalIndoorAll, coSignsAll, 14))],
  },
  {
    id: 'carbon_monoxide/vehicle-idling',
    kind: 'carbon_monoxide',
    triggers: [
      latin(
        pair(
          '(?:carro|camioneta|troca|coche|auto|camion|van|truck|car|carro|caminhonete|voiture|camion|xe)(?: [^ ]+){0,2} (?:prendid[oa]|encendid[oa]|andando|ligad[oa]|en marche|(?:left )?running|idling|no tat may|chua tat may)',
          coSignsAll,
          20,
        ),
      ),
      script('(?:没熄火|不熄火|一直(?:开着|发动|打着火)|怠速).{0,30}(?:头晕|想吐|恶心|头疼|头痛)'),
    ],
  },
  {
    id: 'no_heat_freezing/cold-reading',
    kind: 'no_heat_freezing',
    triggers: [latin(coldReadingAll)],
    also: [latin(vulnerableOrFreezingAll)],
    unless: [
      latin(
        'pool|piscina|piscine|hot tub|jacuzzi|fridge|refrigerador|nevera|geladeira|frigo|freezer|congelador|wine|vino|vinho|(?:thermostat|termostato|it) (?:is |s |esta )?(?:broken|wrong|off|descompuesto|roto|quebrado)|(?:6|7|8)[0-9] (?:in here|inside|degrees|adentro|grados)|(?:baby|bebe|everyone|we) (?:is|are|esta|estan|estamos) (?:fine|ok|okay|bien)',
      ),
    ],
  },
  {
    id: 'no_heat_freezing/es-sin-calor',
    kind: 'no_heat_freezing',
    triggers: [latin('(?:sin|no hay|no tenemos|no tengo) calor|sem aquecimento|sans chauffage')],
    also: [latin(vulnerableOrFreezingAll + '|\\d+ ?(?:f|°f)|manos moradas|labios morados|temblando')],
  },
  // Ninth pass (corpus/incoming8).
  {
    id: 'person_trapped/lift-with-people',
    kind: 'person_trapped',
    triggers: [
      latin(
        `stuck in (?:the |an |a )?(?:\\w+ )?(?:${liftAll8})|${pair(liftAll8, 'not moving|no se mueve|stopped|se paro|trabad[oa]|quedo trabada|stuck|se (?:trabo|atoro|atasco|freno|detuvo)|pogne|bloque|coince|en panne|arrete|preso|travado|parou', 6)}`,
      ),
    ],
    also: [
      latin(
        `${peopleInsideAll}|stuck in|doors? wont open|alarm button|boton|adentro|dedans|inside|in there|a l interieur`,
      ),
    ],
    unless: [
      latin(
        'last (?:week|month|time|tuesday|monday|wednesday|thursday|friday|saturday|sunday)|yesterday|i was stuck|(?:im|i m|we re|were) fine|la (?:derniere|ultima) fois|la ultima vez|(?:da|a) ultima vez',
      ),
      latin(noOneAll),
    ],
  },
  {
    id: 'structural_danger/stairs-giving-way',
    kind: 'structural_danger',
    triggers: [latin(pair(stairsAll, givingAll, 12))],
  },
  {
    id: 'structural_danger/ceiling-hanging-lower',
    kind: 'structural_danger',
    triggers: [latin(pair(ceilingAll, hangingAll, 8))],
    also: [latin(worseningAll)],
  },
  {
    id: 'structural_danger/wall-leaning-earth-falling',
    kind: 'structural_danger',
    triggers: [latin(leaningWallAll)],
    also: [latin(spillingAll)],
  },
  {
    id: 'break_in/trying-doors-now',
    kind: 'break_in',
    triggers: [latin(then(strangerAll, tryingEntryAll, 24))],
    also: [latin(nowWatchingAll)],
    unless: [latin(notAnIntruderAll)],
  },
  {
    id: 'person_trapped/child-alone-inside',
    kind: 'person_trapped',
    triggers: [latin(pair(childAll, '(?:in there|inside) alone|alone (?:in there|inside)', 24))],
    also: [latin('deadbolt|locked|lock|cerr\\w*|seguro|stove|estufa|bath|tina')],
  },
  {
    id: 'person_trapped/child-behind-jammed-door',
    kind: 'person_trapped',
    triggers: [
      latin(
        then(
          childAll,
          '(?:la puerta |the door )?(?:se (?:trabo|atoro|atasco)|no abre|wont open|jammed|stuck shut)',
          16,
        ),
      ),
    ],
    also: [latin('llorando|crying|gritando|screaming|adentro|inside|in there')],
  },
  {
    id: 'break_in/footsteps-alone',
    kind: 'break_in',
    triggers: [latin(footstepsAll)],
    also: [latin(aloneAll8)],
  },
  {
    id: 'break_in/car-to-car',
    kind: 'break_in',
    triggers: [latin(carToCarAll)],
    also: [latin('still|right now|now|ahora|ahorita|todavia|siguen')],
  },
  {
    id: 'injury/down-and-not-moving',
    kind: 'injury',
    triggers: [latin(pair(fallenAll, notMovingAll, 10))],
  },
  {
    id: 'injury/bleeding-through',
    kind: 'injury',
    triggers: [
      latin(
        'sliced (?:his|her|my|their|a) (?:hand|finger|arm|leg|foot|thumb)|(?:towel|shirt|rag|bandage|toalla|trapo)\\w*(?: [^ ]+){0,3} (?:soak\\w* (?:through|red)|empapad[oa] de sangre)',
      ),
    ],
  },
  {
    id: 'no_heat_freezing/heat-gone-cold-danger',
    kind: 'no_heat_freezing',
    triggers: [latin(heatGoneAll)],
    also: [latin(`${coldDangerAll}|${vulnerableOrFreezingAll}`)],
  },
  {
    id: 'carbon_monoxide/four-beeps',
    kind: 'carbon_monoxide',
    triggers: [latin(fourBeepsAll)],
  },
  {
    id: 'carbon_monoxide/generator-by-the-window',
    kind: 'carbon_monoxide',
    triggers: [latin(pair(generatorAll, coSignsAll, 20))],
  },
  {
    id: 'gas_leak/smell-described',
    kind: 'gas_leak',
    triggers: [latin(gasSmellAll8)],
  },
  {
    id: 'fire_smoke/smoke-described',
    kind: 'fire_smoke',
    triggers: [latin(hazeAll)],
  },
  {
    id: 'electrical_hazard/flash-or-hot-panel',
    kind: 'electrical_hazard',
    triggers: [latin(flashAll)],
  },
  {
    id: 'flooding/rising-or-pouring',
    kind: 'flooding',
    triggers: [latin(waterRisingAll)],
  },
  // Tenth pass (corpus/incoming9).
  {
    id: 'person_trapped/shut-inside-heard',
    kind: 'person_trapped',
    triggers: [latin(shutInsideAll)],
    also: [latin(doorShutAll), latin(signsFromInsideAll)],
    unless: [latin(noOneAll)],
  },
  {
    id: 'break_in/trying-to-open',
    kind: 'break_in',
    triggers: [latin(then(strangerAll, attemptAll, 16))],
    unless: [latin(notAnIntruderAll)],
  },
  {
    id: 'break_in/got-in-still-there',
    kind: 'break_in',
    triggers: [latin(gotInAll)],
    also: [
      latin(stillThereAll),
      latin(
        `${strangerAll}|someones|they|ils|ellos|tipo|tipos|mecs?|gars|guys?|hombres?|quelqu ?un|qqn|il est encore`,
      ),
    ],
    unless: [
      latin(
        `${notAnIntruderAll}|water|agua|eau|raccoon|mapache|raton|rat|bird|pajaro|oiseau|chat|gato|cat|dog|perro`,
      ),
    ],
  },
  {
    id: 'break_in/lock-worked',
    kind: 'break_in',
    triggers: [latin(lockWorkedAll)],
    unless: [latin(notAnIntruderAll)],
  },
  {
    id: 'break_in/masked-cutting',
    kind: 'break_in',
    triggers: [latin(maskedAll)],
    also: [latin('encore|toujours|still|ahora|ahorita|right now|en ce moment|en train de|estan|are')],
    unless: [latin('halloween|disfraz|deguise\\w*|costume')],
  },
  {
    id: 'no_heat_freezing/heat-off-cold-now',
    kind: 'no_heat_freezing',
    triggers: [latin(heatOffAll)],
    also: [latin(`${coldNowAll}|${vulnerableOrFreezingAll}`)],
  },
  {
    id: 'carbon_monoxide/alarm-sounding',
    kind: 'carbon_monoxide',
    triggers: [latin(coAlarmAll)],
    also: [latin(soundingAll)],
    // A detector at the end of its life chirps once a minute and says so ("END", "Err", "périmé").
    unless: [
      latin(
        'test\\w*|prueba|essai|(?<!(?:no es|not|isnt|its not|it s not|pas|n est pas|nao e)(?: la| the| les?| a)? )(?:pila|piles?|battery|batteries|bateria)|(?:una vez|\\d+ veces|\\d+ vezes|une fois|\\d+ fois|once|\\d+ times) (?:cada|por|al|par|toutes les|a|per|every) minut\\w*|vida util|fim (?:de|da) vida|end|err|vencio|vencid[oa]|perime\\w*|expired|end of life|fin de vie|caducad\\w*',
      ),
    ],
  },
  {
    id: 'carbon_monoxide/fuel-indoors-feeling-off',
    kind: 'carbon_monoxide',
    triggers: [latin(pair(fuelIndoorsAll, feelingOffAll, 24))],
  },
  {
    id: 'gas_leak/hiss-at-burner',
    kind: 'gas_leak',
    triggers: [latin(pair(hissAll, burnerAll, 10))],
    also: [
      latin(
        'no tiene llama|sin llama|sans flamme|no flame|without a flame|cerrad[oa]s?|ferme\\w*|apagad[oa]s?|off|apesta|huele|smell\\w*|pue|sent|odeur|olor|eteint\\w*',
      ),
    ],
  },
  {
    id: 'gas_leak/bottle-smell',
    kind: 'gas_leak',
    triggers: [latin(bottleSmellAll)],
  },
  {
    id: 'fire_smoke/alight-at-home',
    kind: 'fire_smoke',
    triggers: [latin(alightAll)],
    unless: [latin(foodAll)],
  },
  {
    id: 'injury/scalded',
    kind: 'injury',
    triggers: [latin(scaldAll)],
    also: [latin(burntSkinAll)],
  },
  {
    id: 'injury/fell-cannot-get-up',
    kind: 'injury',
    triggers: [latin(pair(slippedAll, hurtDownAll, 16))],
    unless: [latin(lyingUnless)],
  },
  {
    id: 'injury/foot-of-stairs-barely-answering',
    kind: 'injury',
    triggers: [latin(pair(footOfStairsAll, barelyAll, 12))],
  },
  {
    id: 'structural_danger/railing-coming-away',
    kind: 'structural_danger',
    triggers: [latin(pair(holdingPartAll, comingAwayAll, 10))],
  },
  {
    id: 'structural_danger/piece-hanging-loose',
    kind: 'structural_danger',
    triggers: [latin(hangingPieceAll)],
  },
  {
    id: 'electrical_hazard/panel-buzzing-or-hot',
    kind: 'electrical_hazard',
    triggers: [latin(pair(panelAll, panelSignAll, 10))],
    unless: [latin('buzzer|intercom|interfono|interphone|solar|call ?box|directory|portero')],
  },
  {
    id: 'electrical_hazard/outlet-scorched',
    kind: 'electrical_hazard',
    triggers: [latin(pair(outletAll, outletSignAll, 10))],
  },
  {
    id: 'flooding/water-in-quantity',
    kind: 'flooding',
    triggers: [latin(waterAmountAll)],
  },
  // Eleventh pass (corpus/incoming10).
  {
    id: 'person_trapped/calling-from-lift',
    kind: 'person_trapped',
    triggers: [latin(pair(liftOrCabinAll, callingOutAll, 14)), latin(pair(liftOrCabinAll, knockingAll, 14))],
    also: [latin(`${someoneAll}|${callingOutAll}`)],
    unless: [latin(`${pastTimeAll}|music|musica|musique|kids playing|ninos jugando|jouent`)],
  },
  {
    id: 'person_trapped/lift-between-numbered-floors',
    kind: 'person_trapped',
    triggers: [latin(then(liftOrCabinAll, betweenNumberedFloorsAll, 8))],
    also: [latin(someoneNamedInsideAll)],
    unless: [latin(pastTimeAll)],
  },
  {
    id: 'person_trapped/no-handle-inside',
    kind: 'person_trapped',
    triggers: [latin(noInsideHandleAll)],
    also: [latin(stuckSinceAll)],
  },
  {
    id: 'person_trapped/child-locked-in-room',
    kind: 'person_trapped',
    triggers: [latin(then(childAll, childLockedInAll, 10))],
    also: [latin(cannotOpenOrDistressAll)],
    unless: [latin(`${carUnless}|locked (?:me|us) out|${pastTimeAll}`)],
  },
  {
    id: 'injury/fell-not-getting-up',
    kind: 'injury',
    triggers: [latin(pair(fellOrLyingAll, notGettingUpAll, 12))],
    unless: [
      latin(
        `${lyingUnless}|${pastTimeAll}|(?:car|truck|van|bus|elevator|lift|ascensor|carro|voiture)(?: [^ ]+){0,3} (?:not moving|isnt moving|no se mueve|bouge pas)`,
      ),
    ],
  },
  {
    id: 'injury/lying-not-answering',
    kind: 'injury',
    triggers: [latin(pair(fellOrLyingAll, notAnsweringMeAll, 14))],
    unless: [
      latin(
        `${lyingUnless}|phone|telefono|telephone|texts?|mensajes?|emails?|correo|door|puerta|porte|app|website|site|bot|assistant|chat|couch|sofa|bed|cama|lit|canape|${pastTimeAll}`,
      ),
    ],
  },
  {
    id: 'injury/breathing-oddly-after-fall',
    kind: 'injury',
    triggers: [latin(pair(fellOrLyingAll, breathingOddAll, 20))],
    unless: [latin(`dogs?|cats?|perro|gato|chien|chat|cachorro|${pastTimeAll}`)],
  },
  {
    id: 'fire_smoke/glowing-with-smoke',
    kind: 'fire_smoke',
    triggers: [latin(pair(glowAll, smokeOrBurnAll, 14))],
    unless: [latin(glowUnless)],
  },
  {
    id: 'fire_smoke/alight-now',
    kind: 'fire_smoke',
    triggers: [latin(alightNowAll)],
    unless: [
      latin(
        `${pastTimeAll}|(?:if|what if|si|en caso de que|au cas ou) (?:\\w+ ){0,4}(?:caught|catch|agarra|prend)`,
      ),
    ],
  },
  {
    id: 'gas_leak/detector-sounding',
    kind: 'gas_leak',
    triggers: [latin(pair(gasDetectorAll, gasSoundingAll, 12))],
    unless: [
      latin(
        'test\\w*|prueba|essai|battery|batteries|bateria|pila|piles?|chirp\\w*|bill|factura|facture|install\\w*|buy|comprar|acheter',
      ),
    ],
  },
  {
    id: 'gas_leak/sulphur-smell',
    kind: 'gas_leak',
    triggers: [latin(sulphurSmellAll)],
    unless: [latin(waterSmellUnless)],
  },
  {
    id: 'gas_leak/burner-open-smell',
    kind: 'gas_leak',
    triggers: [latin(pair(`${burnerAll}|ronds?`, burnerLeftOpenAll, 10))],
    also: [latin(smellOrDizzyAll)],
    unless: [
      latin(
        'quemad\\w*|burn\\w*|brule\\w*|grasa|grease|comida|food|electric\\w*|electrique|induction|induccion|clean\\w*|limpi\\w*|nettoy\\w*|(?:aucune|pas d|sans|no|sin|ningun|sem|nenhum) (?:gas |gaz )?(?:odeur|smell|olor|cheiro)|(?:no hay|no tiene|there s no|theres no|there is no|il y a pas d|il n y a pas d|y a pas d|nao tem|nao ha) (?:ningun )?(?:odeur|smell|olor|cheiro)|(?:doesnt|dont|no) (?:smell|huele)|smells? (?:fine|normal|ok|okay)|(?:ca |il )?sent (?:rien|pas)',
      ),
    ],
  },
  {
    id: 'carbon_monoxide/detector-ppm-or-four-beeps',
    kind: 'carbon_monoxide',
    triggers: [latin(pair(detectorAll, ppmReadingAll, 16))],
    unless: [
      latin(
        'test\\w*|prueba|essai|battery|batteries|bateria|pila|piles?|chirp\\w*|smoke|humo|fumee|fumaca|price|precio|prix|\\$|dollars?|pesos|thermostat|termostato|degrees|grados|degres',
      ),
    ],
  },
  {
    id: 'carbon_monoxide/sick-by-bad-flame',
    kind: 'carbon_monoxide',
    triggers: [
      latin(pair(feelingSickAll, badFlameAll, 30)),
      latin(pair(feelingSickAll, `${burnerApplianceAll}`, 24)),
    ],
    also: [latin(`${badFlameAll}|${coSignsAll}`)],
    unless: [
      latin(
        'food|comida|ate|comimos|mange|flu|gripe|grippe|covid|pregnan\\w*|embarazada|enceinte|hangover|cruda|resaca|gueule de bois',
      ),
    ],
  },
  {
    id: 'flooding/keeps-pouring-and-spreading',
    kind: 'flooding',
    triggers: [latin(pair(keepsPouringAll, spreadingAll, 16)), latin(pair(drainAll, spreadingAll, 14))],
    also: [
      latin(`${waterAll11}|botar|sale|salga|saliendo|coule|sort\\w*|overflow\\w*|desbord\\w*|deborde\\w*`),
    ],
    unless: [
      latin(
        'when it rains|cuando llueve|quand il pleut|every time|cada vez que|chaque fois|(?:slow|slowly|lento|lentement) (?:drain\\w*|se va|coule)|price|precio|prix|rent|renta|loyer|cuota|fee|frais|dues',
      ),
    ],
  },
  {
    id: 'flooding/like-a-shower-through-ceiling',
    kind: 'flooding',
    triggers: [latin(pair(likeAShowerAll, `${ceilingAll}|toit`, 12))],
  },
  {
    id: 'flooding/water-heater-gave-way',
    kind: 'flooding',
    triggers: [
      latin(
        pair(
          'chauffe eau|water heater|calentador|boiler|aquecedor',
          '(?:\\w+ )?(?:centimetres?|centimetros?|cm|pouces|pulgadas|inches|polegadas) d(?:e |)?(?:eau|agua)|(?:inches|centimeters) of water|continue de (?:sortir|couler)|keeps (?:pouring|gushing|coming out)|sigue saliendo|no para de salir',
          16,
        ),
      ),
    ],
  },
  {
    id: 'structural_danger/bending-under-weight',
    kind: 'structural_danger',
    triggers: [latin(pair(structureAll, bendingAll, 10))],
    also: [latin(strainSignAll)],
    unless: [latin(`${pastTimeAll}|gutters? (?:are |is )?(?:bent|sagging)|paint|pintura|peinture`)],
  },
  {
    id: 'electrical_hazard/live-cable',
    kind: 'electrical_hazard',
    triggers: [latin(pair(cableAll, liveCableSignAll, 16))],
    also: [
      latin(
        'hanging|down|on the ground|ground|wet|water|storm|colgando|suelo|piso|tormenta|agua|mojad\\w*|par terre|au sol|mouille\\w*|orage|tempete|path|sidewalk|banqueta|acera|trottoir',
      ),
    ],
    unless: [
      latin(
        'line danc\\w*|internet|wifi|cable tv|tv cable|cable (?:box|company|bill)|phone line|linea telefonica|hdmi|charger|cargador|chargeur|headphones?|audifonos|ecouteurs|speakers?|bocinas?|radio',
      ),
    ],
  },
  {
    id: 'electrical_hazard/bare-cable-in-water',
    kind: 'electrical_hazard',
    triggers: [latin(pair(bareCableAll, inWaterAll, 10))],
  },
  {
    id: 'no_heat_freezing/heat-off-and-cold',
    kind: 'no_heat_freezing',
    triggers: [latin(heatOffAll11)],
    also: [latin(`${coldNow11}|${vulnerableOrFreezingAll}`)],
    unless: [
      latin(
        'pool|piscina|piscine|alberca|hot tub|jacuzzi|spa|not (?:freezing|that cold)|pas (?:si )?froid|no hace (?:tanto )?frio',
      ),
    ],
  },
  {
    id: 'break_in/at-the-door-now',
    kind: 'break_in',
    triggers: [latin(atTheDoorNowAll)],
    also: [latin(atNightOrNowAll)],
    unless: [
      latin(
        `${notAnIntruderAll}|${pastTimeAll}|(?:my|mi|mon|ma) (?:son|daughter|kid|husband|wife|hijo|hija|esposo|esposa|fils|fille|mari|femme)|wind|viento|vent`,
      ),
    ],
  },
  {
    id: 'break_in/lock-blown-stranger-inside',
    kind: 'break_in',
    triggers: [latin(lockBlownAll)],
    also: [latin(strangerHereAll)],
    unless: [latin(pastTimeAll)],
  },
  // Twelfth pass (corpus/incoming11).
  {
    id: 'gas_leak/spoiled-egg-or-cabbage-smell',
    kind: 'gas_leak',
    triggers: [latin(spoiledSmellAll)],
    unless: [latin(spoiledSmellUnless)],
  },
  {
    id: 'gas_leak/gas-escaping',
    kind: 'gas_leak',
    triggers: [latin(gasEscapingAll)],
    also: [latin('gas|gaz|propano|propane|butano|butane|tanque|tank|cilindro|bonbonne')],
    unless: [latin(`bill|factura|facture|price|precio|prix|${pastTimeAll}`)],
  },
  {
    id: 'gas_leak/hose-come-loose',
    kind: 'gas_leak',
    triggers: [latin(pair(hoseAll, hoseLooseAll, 8))],
    also: [
      latin('gas|gaz|propano|propane|butano|butane|cilindro|bonbonne|bombona|tanque de gas|gas tank|botijao'),
    ],
    unless: [latin('garden|jardin|lawn|cesped|riego|washer|lavadora|lave linge|dryer vent|water|agua|eau')],
  },
  {
    id: 'gas_leak/ground-bubbling-by-meter',
    kind: 'gas_leak',
    triggers: [latin(pair(bubblingAll, gasPlaceAll, 12))],
    also: [latin('olor|huele|smell\\w*|odeur|sent|cheiro|ruido|noise|bruit|sound|hiss\\w*')],
  },
  {
    id: 'carbon_monoxide/several-ill-at-once',
    kind: 'carbon_monoxide',
    triggers: [latin(pair(illAll, severalAll, 20))],
    unless: [latin(`${illUnless}|${pastTimeAll}`)],
  },
  {
    id: 'structural_danger/crack-opening',
    kind: 'structural_danger',
    triggers: [latin(then(crackAll, openingAll, 10))],
    also: [
      latin(
        'pared|muro|techo|wall|ceiling|foundation|cimiento|mur|plafond|fondation|parede|teto|crujid\\w*|cruje\\w*|creak\\w*|craqu\\w*|puerta ya no cierra|door (?:wont|doesnt) close',
      ),
    ],
    unless: [latin(crackUnless)],
  },
  {
    id: 'structural_danger/railing-or-stairs-coming-away',
    kind: 'structural_danger',
    triggers: [latin(pair(railOrStairsAll, givingWayAll, 12))],
    unless: [latin(railUnless)],
  },
  {
    id: 'person_trapped/child-alone-locked-in',
    kind: 'person_trapped',
    triggers: [latin(pair(childAll, childAloneInsideAll, 12))],
    also: [latin(cryingAll)],
    unless: [latin(`${carUnless}|${pastTimeAll}|locked (?:me|us) out|game|juego|jeu`)],
  },
  {
    id: 'person_trapped/jammed-door-writer-inside',
    kind: 'person_trapped',
    triggers: [latin(pair(doorJammedAll, writerInsideAll, 12))],
    also: [latin(helpAll)],
  },
  {
    id: 'person_trapped/stuck-outside-in-the-cold',
    kind: 'person_trapped',
    triggers: [latin(pair(stuckOutsideAll, doorWontOpenAll, 14))],
    also: [latin(coldOrDarkAll)],
    unless: [latin(pastTimeAll)],
  },
  {
    id: 'injury/slipped-cannot-get-up',
    kind: 'injury',
    triggers: [latin(pair(slipAll, cannotGetUpAll, 14))],
    unless: [
      latin(
        `${lyingUnless}|${pastTimeAll}|(?:if|what if|si|en caso de que) (?:\\w+ ){0,4}(?:slip|fall|resbala|cae|glisse|tombe)`,
      ),
    ],
  },
  {
    id: 'break_in/someone-in-the-home-not-let-in',
    kind: 'break_in',
    triggers: [latin(someoneInHomeAll)],
    also: [latin(notLetInAll)],
    unless: [latin(`${notAnIntruderAll}|${pastTimeAll}|hide and seek|escondidas|cache cache`)],
  },
  {
    id: 'break_in/forcing-the-door-now',
    kind: 'break_in',
    triggers: [latin(forcingNowAll)],
    also: [latin(`${toGetInAll}|${nowAll}|aterrad\\w*|terrified|scared|miedo|peur|ayuda|help`)],
    unless: [latin(`${forcingUnless}|${pastTimeAll}`)],
  },
];
