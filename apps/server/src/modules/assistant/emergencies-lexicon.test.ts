import { describe, expect, it } from 'vitest';
import { findEmergencies } from './emergencies.ts';
import { normalizeText, plainText } from './normalize.ts';

/**
 * The word-family rules (emergencies-lexicon.ts, decision 0020): new wordings of each danger in the six
 * languages with texts, core danger words in languages without texts, and everyday messages that use
 * the same words and must stay quiet (bills, drills, figures of speech, things already fixed, people
 * who do not answer their phone). The messages are written for these tests, not taken from the corpus.
 */
const kinds = (text: string) =>
  findEmergencies(normalizeText(text), { plain: plainText(text), original: text }).map((f) => f.kind);

describe('emergency word families', () => {
  const found: [string, string, string][] = [
    ['en', 'the whole stairwell smells like rotten eggs and it is getting stronger', 'gas_leak'],
    ['en', 'loud hissing coming from behind the gas meter by the mailboxes', 'gas_leak'],
    [
      'en',
      'my toddler and I both feel dizzy and sick since the furnace kicked on tonight',
      'carbon_monoxide',
    ],
    [
      'en',
      'water is shooting out of the wall under the kitchen sink and spreading into the living room',
      'flooding',
    ],
    [
      'en',
      'the basement floor drain keeps bubbling up with sewage, there is an inch on the floor',
      'flooding',
    ],
    ['en', 'the power strip under my desk is crackling and melted on one side', 'electrical_hazard'],
    ['en', 'my neighbor is lying in the parking lot and is not responding', 'injury'],
    ['en', 'the garage ceiling is sagging badly over my car and dripping', 'structural_danger'],
    ['en', 'two guys are prying open the storage lockers downstairs right now', 'break_in'],
    ['en', 'thick smoke is seeping out from the dryer vent in the laundry room', 'fire_smoke'],
    ['es', 'en la cocina apesta a azufre desde hace rato', 'gas_leak'],
    ['es', 'el agua sale a chorros del calentador y ya llegó a la sala', 'flooding'],
    ['es', 'el tablero de luz esta chisporroteando y huele a plastico quemado', 'electrical_hazard'],
    ['es', 'el techo del baño esta abombado y se esta viniendo abajo', 'structural_danger'],
    ['es', 'unos tipos estan forzando la puerta del garage ahorita', 'break_in'],
    ['es', 'mi abuelo esta tirado en el piso del baño y no responde', 'injury'],
    ['pt', 'tá um cheiro forte de gás no hall do terceiro andar', 'gas_leak'],
    ['pt', 'o cano estourou e a água tá jorrando no corredor', 'flooding'],
    ['pt', 'a tomada da cozinha está soltando faísca e derretendo', 'electrical_hazard'],
    ['pt', 'o teto da sala está estufado e vai cair', 'structural_danger'],
    ['pt', 'tem dois caras arrombando a porta do vizinho agora', 'break_in'],
    ['fr', 'ça pue le soufre dans le corridor du 2e', 'gas_leak'],
    ['fr', "l'eau jaillit du tuyau sous l'évier, c'est partout", 'flooding'],
    ['fr', 'la prise du salon fait des étincelles et elle a noirci', 'electrical_hazard'],
    ['fr', 'le plafond de la cuisine gondole et fait une poche', 'structural_danger'],
    ['fr', 'un homme est par terre dans le stationnement et il ne bouge plus', 'injury'],
    ['vi', 'hành lang tầng 5 có mùi gas nồng nặc', 'gas_leak'],
    ['vi', 'ống nước chính bị vỡ, nước tràn vào phòng khách', 'flooding'],
    ['vi', 'ổ cắm trong bếp kêu lách tách và bốc khói', 'electrical_hazard'],
    ['vi', 'cầu thang sau bị sụt một bậc, rất nguy hiểm', 'structural_danger'],
    ['zh', '楼道里一股燃气的味道，很冲', 'gas_leak'],
    ['zh', '地漏往上冒黑水，已经漫到卧室了', 'flooding'],
    ['zh', '插座噼啪响还发烫', 'electrical_hazard'],
    ['zh', '家里进人了 我躲在卧室', 'break_in'],
    ['ko', '주방에서 가스 냄새가 많이 나요', 'gas_leak'],
    ['ko', '복도에 연기가 가득 차고 있어요', 'fire_smoke'],
    ['ko', '엘리베이터가 멈췄는데 안에 사람이 갇혔어요', 'person_trapped'],
    ['tl', 'may sunog sa unit sa tabi namin, ang daming usok', 'fire_smoke'],
    ['tl', 'amoy gas sa kusina, ano gagawin ko', 'gas_leak'],
    ['tl', 'nahimatay ang lola ko sa hagdan at dumudugo ang ulo', 'injury'],
    ['ar', 'في رائحة غاز قوية في المطبخ', 'gas_leak'],
    ['ar', 'في حريق في الشقة اللي جنبنا', 'fire_smoke'],
    ['ar', 'أمي وقعت وهي تنزف', 'injury'],
    ['ru', 'в подъезде сильно пахнет газом', 'gas_leak'],
    ['ru', 'у нас пожар на третьем этаже', 'fire_smoke'],
    ['ru', 'соседка упала и без сознания', 'injury'],
    ['ru', 'я застрял в лифте между этажами', 'person_trapped'],
    ['ht', 'gen yon sant gaz nan kizin nan', 'gas_leak'],
    ['ht', 'gen dife nan bilding lan', 'fire_smoke'],
    ['ht', 'dlo ap koule toupatou nan apatman an', 'flooding'],
    ['ja', '台所でガスの臭いがします', 'gas_leak'],
    ['ja', '隣の部屋が火事です', 'fire_smoke'],
    ['ja', 'エレベーターに閉じ込められました', 'person_trapped'],
    ['hi', 'रसोई में गैस की बदबू आ रही है', 'gas_leak'],
    ['hi', 'बिल्डिंग में आग लगी है', 'fire_smoke'],
    ['hi', 'मेरी माँ बेहोश हो गई हैं', 'injury'],
    ['pl', 'na klatce czuć gaz', 'gas_leak'],
    ['pl', 'pożar w piwnicy, dużo dymu', 'fire_smoke'],
    ['pl', 'pękła rura i zalało łazienkę', 'flooding'],
    ['pl', 'ktoś się włamuje do mieszkania obok', 'break_in'],
    ['hy', 'խոհանոցում գազի հոտ է գալիս', 'gas_leak'],
    ['hy', 'շենքում հրդեհ է', 'fire_smoke'],
    ['fa', 'بوی گاز تو آشپزخونه میاد', 'gas_leak'],
    ['fa', 'آتش سوزی تو ساختمون', 'fire_smoke'],
    ['fa', 'دزد اومده تو خونه', 'break_in'],
    ['ko', '화장실 배관이 터져서 물이 넘쳐요', 'flooding'],
    ['ko', '할머니가 쓰러져서 의식이 없어요', 'injury'],
    ['ko', '도둑이 창문으로 들어오려고 해요', 'break_in'],
    ['ko', '천장이 무너질 것 같아요', 'structural_danger'],
    ['tl', 'bumabaha sa basement, pumutok ang tubo', 'flooding'],
    ['tl', 'na stuck kami sa elevator', 'person_trapped'],
    ['tl', 'may magnanakaw na pumasok sa bahay', 'break_in'],
    ['ar', 'الماسورة انفجرت والمياه في كل مكان', 'flooding'],
    ['ar', 'ابني عالق في المصعد', 'person_trapped'],
    ['ar', 'في حرامي داخل البيت', 'break_in'],
    ['ru', 'прорвало трубу, вода везде', 'flooding'],
    ['ru', 'кто-то ломится в дверь', 'break_in'],
    ['ru', 'потолок рухнул в ванной', 'structural_danger'],
    ['ht', 'pitit mwen bloke nan asansè a', 'person_trapped'],
    ['ht', 'granmoun nan tonbe, li pa respire', 'injury'],
    ['ht', 'gen yon vòlè nan kay la', 'break_in'],
    ['ja', '水道管が破裂して水が止まらない', 'flooding'],
    ['ja', '父が倒れて意識がありません', 'injury'],
    ['ja', '泥棒が家に入ってきた', 'break_in'],
    ['hi', 'पाइप फट गया, पानी भर गया है', 'flooding'],
    ['hi', 'मैं लिफ्ट में फंस गया हूं', 'person_trapped'],
    ['hi', 'घर में चोर घुस आया है', 'break_in'],
    ['pl', 'mama upadła i jest nieprzytomna', 'injury'],
    ['pl', 'utknąłem w windzie', 'person_trapped'],
    ['pl', 'iskrzy z gniazdka', 'electrical_hazard'],
    ['hy', 'մայրս ընկել է, արյուն է գալիս', 'injury'],
    ['hy', 'վերելակում խցկվել ենք', 'person_trapped'],
    ['hy', 'գող է մտել տուն', 'break_in'],
    ['hy', 'խողովակը պայթել է, ջուրը հոսում է', 'flooding'],
    ['fa', 'لوله ترکیده و آب همه جا رو گرفته', 'flooding'],
    ['fa', 'تو آسانسور گیر کردیم', 'person_trapped'],
    ['fa', 'مادرم بیهوش شده', 'injury'],
    ['fa', 'سقف داره فرو میریزه', 'structural_danger'],
  ];
  it.each(found)('%s: "%s" is %s', (_language, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  const quiet: [string, string][] = [
    ['en', 'my gas bill doubled this winter, is that normal?'],
    ['en', 'the fire pit party on saturday was fun, thanks'],
    ['en', 'no smoke at all, just a smell of fresh paint in the hall'],
    ['en', 'the fire alarm went off last week during the drill'],
    ['en', 'my group chat is on fire about the new parking rules lol'],
    ['en', 'the plumber fixed the burst pipe yesterday, everything is dry now'],
    ['en', 'the manager is not responding to my emails about the gate'],
    ['en', 'the chair leg is broken in the clubhouse'],
    ['en', 'someone keeps parking in my spot right now, can you tow them'],
    ['en', 'the ceiling paint is bubbling a little near the vent'],
    ['es', 'la factura del gas llegó altísima este mes'],
    ['es', 'estoy que echo humo con la administración, nadie contesta'],
    ['es', 'el portero no responde el interfon'],
    ['es', 'se prendió la luz del pasillo sola'],
    ['es', 'el simulacro de incendio es el jueves a las 10'],
    ['pt', 'meu grupo do condomínio tá pegando fogo kkk'],
    ['pt', 'o porteiro não responde no interfone'],
    ['pt', 'o vizinho fuma na varanda e a fumaça entra na sala toda noite'],
    ['pt', 'o encanador já veio e trocou o cano estourado'],
    ['fr', 'la facture de gaz est trop chère cette année'],
    ['fr', 'le concierge ne répond pas depuis hier'],
    ['fr', 'mon fils a chaud dans sa chambre, peut-on baisser le chauffage?'],
    ['fr', "l'exercice d'incendie aura lieu mardi"],
    ['vi', 'hóa đơn tiền gas tháng này cao quá'],
    ['vi', 'anh khỏi đến cũng được, em tự sửa rồi'],
    ['vi', 'thang máy không lên được tầng 5, chắc bị hư'],
    ['vi', 'em đi công tác tuần sau, nhờ ban quản lý nhận hàng giúp'],
    ['zh', '燃气费这个月怎么这么贵'],
    ['zh', '插座没电了，没冒烟也没味道'],
    ['zh', '物业打电话一直没反应'],
    ['zh', '消防演习是下周二'],
    ['ko', '가스 요금이 너무 많이 나왔어요'],
    ['ko', '화재 경보기 점검은 언제인가요'],
    ['ru', 'счёт за газ пришёл огромный'],
    ['ru', 'в коридоре горит свет всю ночь'],
    ['ar', 'فاتورة الغاز عالية هذا الشهر'],
    ['tl', 'kailan ang fire drill sa building'],
    ['pl', 'rachunek za gaz jest za wysoki'],
    ['ht', 'kilè yo ap ranje asansè a'],
    ['fa', 'قبض گاز خیلی زیاد اومده'],
  ];
  it.each(quiet)('%s: "%s" is no emergency', (_language, text) => {
    expect(kinds(text)).toEqual([]);
  });

  it('names the rule that fired, by kind, language and word family', () => {
    const [finding] = findEmergencies(
      normalizeText('la prise du salon fait des etincelles et elle a noirci'),
      {
        plain: plainText('la prise du salon fait des etincelles et elle a noirci'),
      },
    );
    expect(finding?.kind).toBe('electrical_hazard');
    expect(finding?.rule).toMatch(/^electrical_hazard\//);
  });

  it('reads Devanagari whose vowel signs the plain form drops', () => {
    expect(plainText('गैस')).not.toBe('गैस');
    expect(kinds('रसोई में गैस की बदबू आ रही है')).toContain('gas_leak');
  });
});

describe('emergency word families, more wordings', () => {
  const found: [string, string][] = [
    ["the stove is leaking gas and I can't turn it off", 'gas_leak'],
    ['theres a strong propane odor near the grills by the pool house', 'gas_leak'],
    ['my gas dryer smells weird like sulfur', 'gas_leak'],
    ['the dumpster behind building C is burning', 'fire_smoke'],
    ['grease fire in my kitchen, I put a lid on it but its still going', 'fire_smoke'],
    ["my neighbor's balcony is on fire", 'fire_smoke'],
    ['our CO alarm keeps going off and my wife feels lightheaded', 'carbon_monoxide'],
    ['water is coming in under the front door and the carpet is soaked across the whole room', 'flooding'],
    ['the water heater burst in the closet', 'flooding'],
    ["the toilet is overflowing and won't stop", 'flooding'],
    ["my kid locked himself in the bathroom and can't open the door, he is crying", 'person_trapped'],
    ['someone is stuck in the elevator on the 4th floor', 'person_trapped'],
    ['my dog and baby are locked in the car, keys inside', 'person_trapped'],
    ['someone got hit by a car in the parking lot', 'injury'],
    ["she's choking and can't breathe", 'injury'],
    ['a kid is drowning in the pool', 'injury'],
    ["my husband fell off the ladder and hit his head, there's blood", 'injury'],
    ["the old man in 5B fell and can't get up", 'injury'],
    ['the light switch is sparking when I flip it', 'electrical_hazard'],
    ["there's a power line down across the driveway", 'electrical_hazard'],
    ['I got shocked touching the washer', 'electrical_hazard'],
    ['the balcony is pulling away from the building', 'structural_danger'],
    ['the floor in the hallway is caving in', 'structural_danger'],
    ['a big piece of the ceiling fell in the gym and more is hanging', 'structural_danger'],
    ['someone is trying to get in through my window', 'break_in'],
    ["I hear someone downstairs and I'm home alone, they broke the back door", 'break_in'],
    ["there's a stranger walking around in my apartment", 'break_in'],
    ['se esta saliendo el gas de la estufa y no la puedo cerrar', 'gas_leak'],
    ['huele muchisimo a gas en el estacionamiento', 'gas_leak'],
    ['se esta quemando el contenedor de basura del edificio B', 'fire_smoke'],
    ['hay llamas saliendo de la ventana del 302', 'fire_smoke'],
    ['sale humo negro por debajo de la puerta del vecino', 'fire_smoke'],
    ['la alarma de monoxido no deja de sonar y mi hijo esta mareado', 'carbon_monoxide'],
    ['se reventó la tubería y se esta inundando el depa', 'flooding'],
    ['el agua sale a chorros del techo del baño', 'flooding'],
    ['el excusado se desborda y no para', 'flooding'],
    ['mi hijo se quedo encerrado en el baño y no puede salir, esta llorando', 'person_trapped'],
    ['hay gente atrapada en el elevador', 'person_trapped'],
    ['mi esposo se cayo de la escalera y se pego en la cabeza, esta sangrando', 'injury'],
    ['atropellaron a un niño en el estacionamiento', 'injury'],
    ['la señora se desmayo en la alberca', 'injury'],
    ['el enchufe echa chispas cuando conecto algo', 'electrical_hazard'],
    ['hay un cable de luz tirado en la banqueta echando chispas', 'electrical_hazard'],
    ['se esta cayendo el techo de la cocina', 'structural_danger'],
    ['el balcon se esta desprendiendo de la pared', 'structural_danger'],
    ['hay alguien tratando de abrir mi puerta a la fuerza ahorita', 'break_in'],
    ['se metieron a mi casa, estoy escondida en el closet', 'break_in'],
    ['no hay calefaccion y estamos a menos 5 afuera, tengo un bebe', 'no_heat_freezing'],
    ['tá vazando gás do botijão, dá pra ouvir', 'gas_leak'],
    ['cheiro de gás muito forte na escada do bloco B', 'gas_leak'],
    ['a lixeira do prédio tá pegando fogo', 'fire_smoke'],
    ['tem chamas saindo da janela do 404', 'fire_smoke'],
    ['fumaça preta saindo por baixo da porta do vizinho', 'fire_smoke'],
    ['o alarme de monóxido não para de tocar e meu filho tá tonto', 'carbon_monoxide'],
    ['estourou o cano e tá alagando o apartamento', 'flooding'],
    ['a água tá jorrando do teto do banheiro', 'flooding'],
    ['meu filho se trancou no banheiro e não consegue sair', 'person_trapped'],
    ['tem gente presa no elevador', 'person_trapped'],
    ['meu marido caiu da escada e bateu a cabeça, tá sangrando muito', 'injury'],
    ['atropelaram uma criança no estacionamento', 'injury'],
    ['a senhora desmaiou na piscina', 'injury'],
    ['a tomada solta faísca quando eu ligo algo', 'electrical_hazard'],
    ['tem um fio caído na calçada soltando faísca', 'electrical_hazard'],
    ['o teto da cozinha tá desabando', 'structural_danger'],
    ['a sacada tá se soltando da parede, cedendo', 'structural_danger'],
    ['tem alguém tentando arrombar minha porta agora', 'break_in'],
    ['entraram na minha casa, tô escondida no armário', 'break_in'],
    ['o aquecimento parou e tá fazendo menos 5 lá fora, tenho um bebê', 'no_heat_freezing'],
    ['ça sent fort le gaz dans le stationnement', 'gas_leak'],
    ["le gaz fuit de la cuisinière, j'entends un sifflement", 'gas_leak'],
    ['le conteneur à déchets est en feu', 'fire_smoke'],
    ['il y a des flammes qui sortent de la fenêtre du 302', 'fire_smoke'],
    ['de la fumée noire sort sous la porte du voisin', 'fire_smoke'],
    ["l'alarme de monoxyde sonne sans arrêt et mon fils a des vertiges", 'carbon_monoxide'],
    ["un tuyau a éclaté et l'appartement est inondé", 'flooding'],
    ["l'eau coule à flots du plafond de la salle de bain", 'flooding'],
    ['mon fils est enfermé dans la salle de bain et ne peut pas sortir, il pleure', 'person_trapped'],
    ["il y a des gens coincés dans l'ascenseur", 'person_trapped'],
    ["mon mari est tombé de l'escabeau et s'est cogné la tête, il saigne beaucoup", 'injury'],
    ["un enfant s'est fait renverser par une voiture dans le stationnement", 'injury'],
    ["la dame s'est évanouie à la piscine", 'injury'],
    ['la prise fait des étincelles quand je branche quelque chose', 'electrical_hazard'],
    ['un fil électrique est tombé sur le trottoir et fait des étincelles', 'electrical_hazard'],
    ["le plafond de la cuisine s'effondre", 'structural_danger'],
    ['le balcon se détache du mur, il cède', 'structural_danger'],
    ["quelqu'un essaie de forcer ma porte en ce moment", 'break_in'],
    ["quelqu'un est entré chez moi, je suis cachée dans le placard", 'break_in'],
    ["plus de chauffage et il fait moins 20 dehors, j'ai un bébé", 'no_heat_freezing'],
    ['bình gas nhà em bị xì, mùi gas nồng lắm', 'gas_leak'],
    ['thùng rác dưới hầm đang cháy', 'fire_smoke'],
    ['khói đen bốc ra từ cửa sổ căn 302', 'fire_smoke'],
    ['máy báo khí CO kêu liên tục, con em chóng mặt', 'carbon_monoxide'],
    ['ống nước bị vỡ, nước tràn vào phòng khách', 'flooding'],
    ['nước chảy ào ào từ trần nhà tắm', 'flooding'],
    ['con em bị kẹt trong thang máy', 'person_trapped'],
    ['bé tự khóa mình trong nhà tắm, không ra được, đang khóc', 'person_trapped'],
    ['ba em té cầu thang, chảy máu đầu nhiều lắm', 'injury'],
    ['có người bất tỉnh ở hồ bơi', 'injury'],
    ['ổ cắm tóe lửa khi em cắm sạc', 'electrical_hazard'],
    ['trần nhà bếp bị võng xuống, sắp sập', 'structural_danger'],
    ['có người đang cạy cửa nhà em', 'break_in'],
    ['lò sưởi hư, ngoài trời âm 10 độ, nhà có em bé', 'no_heat_freezing'],
    ['煤气罐漏气了 能听到嘶嘶声', 'gas_leak'],
    ['楼下垃圾桶着火了', 'fire_smoke'],
    ['302窗户往外冒黑烟', 'fire_smoke'],
    ['一氧化碳报警器一直响 孩子头晕', 'carbon_monoxide'],
    ['水管爆了 水漫到客厅了', 'flooding'],
    ['卫生间天花板哗哗流水', 'flooding'],
    ['我儿子被困在电梯里了', 'person_trapped'],
    ['孩子把自己反锁在卫生间出不来 一直哭', 'person_trapped'],
    ['我爸从梯子上摔下来 头流了好多血', 'injury'],
    ['游泳池有人溺水', 'injury'],
    ['插座一插电就冒火花', 'electrical_hazard'],
    ['厨房天花板往下垂 快塌了', 'structural_danger'],
    ['有人在撬我家的门', 'break_in'],
    ['暖气坏了 外面零下十五度 家里有婴儿', 'no_heat_freezing'],
    ['smells like gas in here real bad, should i leave??', 'gas_leak'],
    ['i think theres a gas leak in 4C the whole floor stinks', 'gas_leak'],
    ['FIRE in the laundry room!!!', 'fire_smoke'],
    ['theres smoke coming out of the attic vents', 'fire_smoke'],
    ['my co detector is going off and reads 85', 'carbon_monoxide'],
    ['omg water everywhere, pipe under the sink blew', 'flooding'],
    ['the main water line broke in front of building 2, its gushing into the street', 'flooding'],
    ['sewage is coming up through the bathtub drain, its all over the bathroom floor', 'flooding'],
    ['we are stuck in the elevator between 2 and 3, 4 people, one is claustrophobic', 'person_trapped'],
    ["a resident slipped on the ice by the mailboxes, she can't get up and her wrist looks broken", 'injury'],
    ['my son cut his hand really deep on the broken glass, lots of blood', 'injury'],
    ['exposed live wires in the hallway ceiling after the leak', 'electrical_hazard'],
    ['a tree fell on the building and the roof is caving in', 'structural_danger'],
    ['theres a huge crack in the parking garage ceiling and chunks of concrete fell', 'structural_danger'],
    ['someone just smashed my car window in the garage and hes still there', 'break_in'],
    ["there's a guy climbing through my neighbor's window right now", 'break_in'],
    ["heat's been out since last night, it's 45 in here and below zero outside", 'no_heat_freezing'],
    ['huele a gas bien fuerte en el pasillo', 'gas_leak'],
    ['se esta quemando la casa del vecino!!', 'fire_smoke'],
    ['se rompio un tubo y hay agua por todos lados', 'flooding'],
    ['mi mama se cayo y no se puede levantar', 'injury'],
    ['estamos atrapados en el elevador', 'person_trapped'],
    ['hay un ladron en mi casa', 'break_in'],
    ['ta cheirando gas no corredor todo', 'gas_leak'],
    ['ta saindo fogo do apartamento do lado', 'fire_smoke'],
    ['o cano estourou, agua pra todo lado', 'flooding'],
    ['minha mae caiu e nao consegue levantar', 'injury'],
    ['to preso no elevador', 'person_trapped'],
    ['tem um ladrao dentro de casa', 'break_in'],
    ['ca sent le gaz partout dans le bloc', 'gas_leak'],
    ['y a le feu chez le voisin', 'fire_smoke'],
    ['le tuyau a pete, y a de l eau partout', 'flooding'],
    ['ma mere est tombee et peut plus se relever', 'injury'],
    ['on est pris dans l ascenseur', 'person_trapped'],
    ['y a un voleur dans mon appart', 'break_in'],
    ['nha em co mui gas', 'gas_leak'],
    ['chay nha o tang 3', 'fire_smoke'],
    ['ngap nuoc het tang ham', 'flooding'],
    ['ba em te xuong cau thang bat tinh', 'injury'],
    ['em bi ket trong thang may', 'person_trapped'],
    ['co trom vao nha em', 'break_in'],
    ['厨房有煤气味', 'gas_leak'],
    ['三楼着火了', 'fire_smoke'],
    ['水管破了 到处都是水', 'flooding'],
    ['我妈摔倒了起不来', 'injury'],
    ['我被困在电梯里', 'person_trapped'],
    ['有小偷进我家了', 'break_in'],
    ['불 났어요 빨리 와주세요', 'fire_smoke'],
    ['na-trap kami sa elevator', 'person_trapped'],
    ['dlo ap antre nan kay la', 'flooding'],
    ['الشقة غرقت بالمية', 'flooding'],
    ['ابني انجرح جامد', 'injury'],
    ['حد دخل البيت وإحنا نايمين', 'break_in'],
    ['кто-то залез в квартиру', 'break_in'],
    ['廚房著火了', 'fire_smoke'],
    ['廚房有煤氣味', 'gas_leak'],
    ['我個仔困喺電梯', 'person_trapped'],
    ['آتیش گرفته آشپزخونه', 'fire_smoke'],
    ["there's water gushing from the fire sprinkler head in my bedroom", 'flooding'],
    ['water is up to my ankles in the basement storage room', 'flooding'],
    ['big flames coming from the grill on the balcony next door and it caught the awning', 'fire_smoke'],
    ['the wall outlet is warm and making a buzzing sound', 'electrical_hazard'],
    ['se cayo el techo del baño', 'structural_danger'],
    ['desabou o teto da cozinha', 'structural_danger'],
    ['entraron a robar y todavia estan adentro', 'break_in'],
    ["my roommate passed out and won't wake up", 'injury'],
    ["I'm locked in the sauna and can't get out", 'person_trapped'],
    ["a child fell into the pool and isn't breathing", 'injury'],
  ];
  it.each(found)('"%s" is %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  const quiet: string[] = [
    "my gas stove won't light, the burner clicks but no flame",
    "smoke from the neighbor's grill comes into my bedroom every weekend",
    'the carbon monoxide detector is chirping, I think it needs a battery',
    'can we get the fire lanes repainted?',
    'last night a pipe burst in the garage but they fixed it',
    'is it allowed to have a fire pit on the patio?',
    "my kid fell off his bike but he's fine, just asking about speed bumps",
    "someone keeps banging on my door at 2am, it's my drunk neighbor again",
    'the elevator has been stuck on the 3rd floor all week, nobody inside',
    "the outlet in the bathroom doesn't work, no sparks or anything",
    'the ceiling has a small water stain, not sagging',
    'my package was stolen from the lobby yesterday',
    "I'm hiding from my in-laws this weekend lol, can I book the clubhouse?",
    'the railing is a bit wobbly, can someone tighten it?',
    'this HOA is a dumpster fire',
    'the pool heater is broken and the water is freezing',
    "my neighbor's music is blasting and he's not responding to knocks",
    'the gas company is doing a test on the meters tomorrow',
    'fire sale on old furniture in the clubhouse this saturday',
    'the lawn sprinkler is spraying water all over the sidewalk',
    'cuanto es la cuota del gas este mes',
    'el detector de humo pita porque no tiene pila',
    'ayer hubo un simulacro de incendio',
    'el portero no contesta el telefono',
    'mi hijo se cayo de la bici pero esta bien, solo un raspon',
    'se prendio el foco del pasillo solo',
    'el vecino fuma en el balcon y el humo entra a mi cuarto',
    'la semana pasada se inundo el estacionamiento, ya lo limpiaron?',
    'hay una mancha de agua en el techo, no esta abombado',
    'la regadera gotea un poquito',
    'el elevador esta fuera de servicio desde el lunes',
    'puedo hacer una carne asada en el jardin? sale mucho humo?',
    'estoy ahogado en trabajo, luego pago la cuota',
    'quanto tá a conta de gás esse mês',
    'o detector de fumaça apita porque a bateria acabou',
    'ontem teve simulado de incêndio',
    'o porteiro não atende o telefone',
    'meu filho caiu da bicicleta mas tá bem, só um arranhão',
    'semana passada alagou a garagem, já limparam?',
    'tem uma mancha de água no teto, não tá estufado',
    'o chuveiro pinga um pouquinho',
    'o elevador está parado desde segunda, em manutenção',
    'posso fazer churrasco no salão? faz muita fumaça?',
    'tô afogado em trabalho, depois pago o condomínio',
    'combien coûte le gaz ce mois-ci',
    'le détecteur de fumée bipe parce que la pile est faible',
    "hier il y avait un exercice d'incendie",
    'le concierge ne répond pas au téléphone',
    'mon fils est tombé de vélo mais il va bien, juste une égratignure',
    'la semaine passée le garage a été inondé, est-ce nettoyé?',
    "il y a une tache d'eau au plafond, il ne gondole pas",
    'la douche goutte un peu',
    "l'ascenseur est en panne depuis lundi",
    "est-ce qu'on peut faire un bbq sur la terrasse? ça fait de la fumée?",
    'je suis noyé sous le travail, je paierai les frais plus tard',
    'mon fils a chaud la nuit, le chauffage est trop fort',
    'tiền gas tháng này bao nhiêu vậy',
    'máy báo khói kêu bíp vì hết pin',
    'hôm qua có diễn tập phòng cháy',
    'bảo vệ không nghe điện thoại',
    'con em té xe đạp nhưng không sao',
    'tuần trước hầm xe bị ngập, đã dọn chưa',
    'vòi sen rỉ nước một chút',
    'thang máy hư từ thứ hai, đang sửa',
    'anh khỏi đến, em tự làm được rồi',
    'em nấu ăn bị khét nồi, khói một chút thôi',
    '这个月燃气费多少',
    '烟雾报警器没电了一直滴滴响',
    '昨天消防演习',
    '保安不接电话',
    '孩子骑车摔了一下 没事',
    '上周车库淹了 清理了吗',
    '花洒有点滴水',
    '电梯周一开始坏了 在修',
    '炒菜糊了 有点烟 没事',
    '我最近工作忙得头疼 物业费晚点交',
    '불 좀 꺼 주세요 복도 불이 계속 켜져 있어요',
    'ممكن أعرف مواعيد المسبح',
    'когда починят лифт',
    'the lawn sprinkler is gushing water onto the sidewalk every morning',
    'my phone charger gets warm, is that normal?',
    "can someone check the door handles on the clubhouse, they're loose",
  ];
  it.each(quiet)('"%s" is no emergency', (text) => {
    expect(kinds(text)).toEqual([]);
  });
});

/**
 * Wordings that share an alarm word with a danger but name none (decision 0020, third amendment): what
 * hangs on a building, a loose bolt, crumbs of plaster, a furniture leg, a weak jet, water held in a
 * clogged shower, a burst long past, a worry, a cold floor, wires out of reach. Beside each class, a
 * real emergency of the same kind that must still be found. Written for these tests.
 */
describe('emergency word families, wordings that are not emergencies', () => {
  const quiet: string[] = [
    'the gutters along the garage roof are sagging again, can someone rehang them',
    'las canaletas del techo se estan cayendo, hay que volver a colgarlas',
    'the deck railing has a loose bolt and rattles in the wind',
    'el barandal de la escalera tiene unos tornillos flojos, suena cuando pasas',
    'o guarda corpo da varanda tem um parafuso frouxo, faz barulho',
    "la rampe de l'escalier a une vis desserrée, elle fait du bruit",
    'uns pedacinhos de gesso estão caindo do forro da sala',
    'little flakes of paint keep falling from the ceiling in the hallway',
    'the clubhouse bench has a broken leg, someone should take it away',
    'la silla del lobby tiene una pata rota',
    'a cadeira da piscina tem o pé quebrado',
    'the tub drain is clogged and the water just sits there up to my ankles',
    'la regadera está tapada y el agua se queda hasta los tobillos',
    'o chuveiro tá com o jato de água fraquinho, demora pra enxaguar',
    'el chorro de agua de la regadera sale muy debil',
    '去年冬天地下室的水管冻爆了 今年能不能提前检查一下',
    'el año pasado se reventó el tubo del jardín, pueden revisarlo antes del invierno?',
    '阳台上的花盆摆在边上 怕掉下去砸到楼下的人',
    'suoi san phong tam hu roi, san lanh lam',
    'the floor heating in the bathroom stopped working, the tiles are ice cold',
    'o piso aquecido do banheiro parou, o chão tá gelado',
    'exposed wiring under the kitchen cabinet, please send an electrician',
    'cables pelados detras de la lavadora, cuando puedan',
  ];
  it.each(quiet)('"%s" is no emergency', (text) => {
    expect(kinds(text)).toEqual([]);
  });

  const found: [string, string][] = [
    ['the gutter on the roof came off and now the roof is sagging over the front door', 'structural_danger'],
    ['las canaletas se cayeron y el techo del pasillo se esta hundiendo', 'structural_danger'],
    ['the railing has a loose bolt and the whole thing wobbles when I lean on it', 'structural_danger'],
    ['el barandal del balcon se mueve cuando te recargas, los tornillos se salieron', 'structural_danger'],
    ['chunks of plaster are falling from the ceiling in the lobby', 'structural_danger'],
    ['caiu um pedaço do reboco da marquise e tem mais pedaço pendurado', 'structural_danger'],
    ['my grandmother fell off the chair and her leg looks broken', 'injury'],
    ['meu pai caiu da cadeira e quebrou a perna', 'injury'],
    ['冰柱掉下来砸到人了 头上流了好多血', 'injury'],
    ['o cano estourou e tá saindo um jato de água forte da parede', 'flooding'],
    [
      'the shower drain is clogged and the water is overflowing into the bedroom, up to my ankles',
      'flooding',
    ],
    ['a pipe burst last winter and today water is pouring out of the wall again', 'flooding'],
    ['去年修过的水管又爆了 水哗哗往外流', 'flooding'],
    [
      'the floor heating and the furnace are out, it is minus 15 outside and the baby is shivering',
      'no_heat_freezing',
    ],
    ['suoi san hong, ngoai troi am 5 do, ca nha run cam cap', 'no_heat_freezing'],
    ['exposed wires hanging from the hallway ceiling, kids play right under them', 'electrical_hazard'],
    ['cables pelados detras de la lavadora y echan chispas', 'electrical_hazard'],
  ];
  it.each(found)('"%s" is %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });
});

/**
 * Third pass (decision 0020, amendment on corpus/incoming2): each class of wording with wordings found
 * and look-alikes left quiet. Written for these tests, not taken from any corpus file.
 */
describe('emergency word classes, third pass', () => {
  const first = (text: string) => kinds(text)[0];
  const found: [string, string, string][] = [
    [
      'hiss and smell',
      'the stove hose came loose, loud hissing and a weird smell in the kitchen',
      'gas_leak',
    ],
    ['hiss and smell', 'o registro tá chiando e tem um cheiro estranho', 'gas_leak'],
    ['vi without tones', 'mui ga rat nong o tang 2, hinh nhu ai quen tat bep', 'gas_leak'],
    ['zh gas escaping', '阀门那里一直呲呲响，关不上', 'gas_leak'],
    [
      'vehicle exhaust',
      'we all feel dizzy, a van has been idling in the loading dock for an hour',
      'carbon_monoxide',
    ],
    [
      'device label',
      'the little box that says CO on it keeps beeping and my son feels sick',
      'carbon_monoxide',
    ],
    ['pt-PT', 'o alarme de monóxido está a apitar e tenho dores de cabeça', 'carbon_monoxide'],
    ['reading beside Chinese', '检测仪显示CO 150ppm', 'carbon_monoxide'],
    ['depth', 'the laundry room is two inches deep and rising', 'flooding'],
    ['no shutoff', 'water everywhere under the sink and I cant find the shutoff valve', 'flooding'],
    ['verb first', 'rebentou o tubo da máquina e a água não para no chão', 'flooding'],
    ['zh burst', '车库的水管爆了，水一直往电梯井里灌', 'flooding'],
    ['child in car', 'a baby is alone in a locked car in lot B, its really hot', 'person_trapped'],
    ['child in car', 'hay un niño solo encerrado en una camioneta en el estacionamiento', 'person_trapped'],
    ['shut in', 'my mom is locked inside the storage room, the handle broke off', 'person_trapped'],
    ['shut in', 'mon fils est coincé dans la salle de bain, la porte ne s ouvre plus', 'person_trapped'],
    ['shut in', '阳台的门被锁上了，我出不去，外面零下', 'person_trapped'],
    [
      'lift, floor numbers',
      'el ascensor se quedo atorado entre el piso 2 y 3 con mi abuela',
      'person_trapped',
    ],
    ['medical', 'a man collapsed at the gym, someone is doing CPR, bring the defibrillator', 'injury'],
    ['medical', 'mi papa tiene la cara chueca y no puede hablar, creo que es un derrame', 'injury'],
    ['fall and still', 'the painter fell off the ladder and he is not moving', 'injury'],
    ['fall and still', 'o jardineiro caiu do telhado e não se mexe', 'injury'],
    [
      'shock',
      'the dryer gives me a shock every time I touch it, my daughter got one too',
      'electrical_hazard',
    ],
    ['shock', 'la regadera esta dando toques', 'electrical_hazard'],
    ['water in panel', 'water is getting into the breaker panel in the garage', 'electrical_hazard'],
    [
      'crack growing',
      'the crack in the garage wall got way bigger in the last hour, pieces falling',
      'structural_danger',
    ],
    [
      'railing separating',
      'the balcony railing is pulling away from the wall when you lean on it',
      'structural_danger',
    ],
    ['tools', 'a guy with bolt cutters is cutting the padlock on the storage cage right now', 'break_in'],
    ['tools', 'dos tipos cortando el candado del porton ahorita', 'break_in'],
    ['someone heard inside', 'front door was open and I can hear someone walking around inside', 'break_in'],
    ['spreading', 'the pan caught and it went up the curtains, we got out', 'fire_smoke'],
    [
      'no heat, other languages',
      'отопление не работает, дома холодно, на улице минус 20',
      'no_heat_freezing',
    ],
    ['no heat, readings', 'furnace will not turn on and the thermostat says 41', 'no_heat_freezing'],
  ];
  it.each(found)('%s: "%s" is %s', (_class, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  const quiet: [string, string][] = [
    ['hypothetical', 'what should we do if we ever smell gas in the hallway?'],
    ['hypothetical', 'si algún día hay una fuga de gas, a quién llamo?'],
    ['hypothetical', 'em caso de incêndio, qual é a saída?'],
    ['hypothetical', 'en cas de fuite de gaz, on appelle qui?'],
    ['hypothetical', 'lỡ nhà bị ngập nước thì báo ai?'],
    ['hypothetical', '万一电梯困人了打哪个电话？'],
    ['coverage', 'does our policy cover flood damage in the basement?'],
    ['coverage', 'el seguro del edificio cubre incendios?'],
    ['coverage', '保险理赔包括水淹吗'],
    ['not wanting one', 'we just dont want to start a fire with the patio heater, is it allowed?'],
    ['idiom', 'le concert de samedi dans la cour, ça a mis le feu!'],
    ['burnt-out bulb', 'bóng đèn nhà vệ sinh bị cháy rồi'],
    ['fire equipment', 'trụ nước cứu hỏa trước cổng bị sơn lại màu gì vậy'],
    ['incense', 'nhà bên đốt nhang khói bay qua cửa sổ'],
    ['past weekday', 'el martes pasado me quede atorado en el elevador, ya lo arreglaron?'],
    ['past month', 'the break in at the storage lockers in March, any news from the police?'],
    ['past, Japanese', '先週エレベーターが止まりましたが今は大丈夫です'],
    ['rescued', 'mi gato se quedo atorado en la reja pero ya lo saque'],
    ['all fine', 'le détecteur a sonné, c était la poêle, tout va bien'],
    ['still closed', 'is the laundry room still closed from the flood last month?'],
    ['mild weather', 'el radiador esta frio pero hace calor, no hay prisa'],
    ['crack slowly', 'there is a crack in the hallway ceiling that is getting longer'],
    ['loose handrail', 'tay vin cau thang bi long'],
    ['static', 'I get a shock from the carpet static every winter'],
    ['door stuck, nobody in', 'the sauna door sticks again, please fix the handle'],
    ['chronic illness', '我妈有心脏病，想问一下电梯什么时候修好'],
    ['forgot the key', 'locked out of the storage room, left my keys inside'],
    ['caught a cold', 'caught a cold from the pool, anyone know if the sauna is open'],
  ];
  it.each(quiet)('%s: "%s" raises nothing', (_class, text) => {
    expect(kinds(text)).toEqual([]);
  });

  it('an electrical hazard whose fire is only a smell is reported as electrical; smoke seen stays a fire', () => {
    expect(first('the switch sparked and now it smells like burnt plastic')).toBe('electrical_hazard');
    expect(first('the outlet sparked and there is smoke coming out of the wall')).toBe('fire_smoke');
  });

  it('someone hiding from an intruder is a break-in first', () => {
    expect(first('someone smashed the back window and is inside, I am locked in the bathroom')).toBe(
      'break_in',
    );
  });
});

/** Each class of a pass: its wordings found as the kind, its look-alikes raising nothing. */
function wordClasses(found: [string, string, string][], quiet: [string, string][]) {
  it.each(found)('%s: "%s" is %s', (_class, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });
  it.each(quiet)('%s: "%s" raises nothing', (_class, text) => {
    expect(kinds(text)).toEqual([]);
  });
}

/**
 * Fourth pass (decision 0020, amendment on corpus/incoming3): each class of wording with wordings found
 * and look-alikes left quiet. Written for these tests, not taken from any corpus file.
 */
describe('emergency word classes, fourth pass', () => {
  const found: [string, string, string][] = [
    ['stranger inside', 'some man nobody knows is in the hallway on 4 trying the door handles', 'break_in'],
    [
      'stranger inside',
      'un desconocido se metió detrás de mí y anda probando las puertas del pasillo',
      'break_in',
    ],
    ['over the wall', 'dois caras pularam o muro e estão dentro do condomínio agora', 'break_in'],
    ['zh stranger', '楼道里有个陌生人在拧每家的门把手', 'break_in'],
    [
      'stairs giving way',
      'a step on the back stairs snapped and neighbors are still walking on it',
      'structural_danger',
    ],
    [
      'railing coming off',
      'la baranda del balcón se está desprendiendo y hay gente apoyada',
      'structural_danger',
    ],
    [
      'failing with a sound',
      'heard a loud crack and now the beam over the garage door is bowing',
      'structural_danger',
    ],
    [
      'fire spreading',
      'the patio umbrella by the grill catched fire and its spreading to the fence',
      'fire_smoke',
    ],
    ['fire spreading', 'a cortina pegou fogo no quarto do vizinho', 'fire_smoke'],
    [
      'cannot get out',
      'the laundry room door slammed behind me and it wont open from inside',
      'person_trapped',
    ],
    ['cannot get out', 'estoy en el cuarto de basura y no puedo salir, la puerta se trabó', 'person_trapped'],
    [
      'someone in a stuck lift',
      'the lift in the east wing wont open and I can hear a kid inside',
      'person_trapped',
    ],
    [
      'child in a locked car',
      'toddler strapped in a silver Toyota in the lot, the car is locked, nobody around',
      'person_trapped',
    ],
    ['CO reading', 'our carbon monoxide alarm shows 95 and the number keeps rising', 'carbon_monoxide'],
    [
      'fumes and fainting',
      'so much exhaust in the parking garage, my wife nearly passed out',
      'carbon_monoxide',
    ],
    ['fainted, no answer', 'mi vecina se desmayó en la escalera y no reacciona', 'injury'],
    ['not breathing', 'sacamos a mi hijo de la piscina y no está respirando', 'injury'],
    ['fall from a stool', 'il est tombé du tabouret et il ne peut plus se lever', 'injury'],
    ['heavy bleeding', 'cut my hand on the broken glass and it wont stop bleeding', 'injury'],
    ['downed line', 'se cayó un cable de luz en la calle y está echando chispas', 'electrical_hazard'],
    ['meter hissing', 'the meter by the side door has been hissing for a while now', 'gas_leak'],
    ['gas alarm started', 'el detector de gas empezó a sonar hace un minuto', 'gas_leak'],
    ['heat never on', 'heat never came on and its 41 degrees in the kids room', 'no_heat_freezing'],
    ['vi heater off', 'máy sưởi không chạy, trong nhà 45 độ F, bà em run cầm cập', 'no_heat_freezing'],
    ['vi sewage', 'nước thải trào ngược từ ống thoát, tràn ra cả phòng khách', 'flooding'],
    ['lift, other languages', '엘리베이터가 멈췄어요 안에 아이가 있어요', 'person_trapped'],
  ];

  const quiet: [string, string][] = [
    ['hypothetical', 'what are residents supposed to do if the fire alarm goes off during the night?'],
    ['hypothetical', 'if someone gets stuck in the elevator on a weekend who do we call?'],
    ['hypothetical', 'qué se hace si suena la alarma de incendio de noche?'],
    ['idiom', 'that spider nearly gave me a heart attack lol'],
    ['idiom', 'casi me da un infarto cuando vi la cuenta del agua'],
    ['idiom', 'trời nóng muốn xỉu luôn á'],
    ['past weekday event', 'any news about the flood from tuesday? the carpet is still damp'],
    ['past weekday event', 'gracias por la ayuda en el incendio del sábado'],
    ['past weekday event', 'vụ ngập nước hôm thứ ba xử lý sao rồi?'],
    ['booking a repair', 'friday morning works for the outlet that sparked, thanks'],
    ['wobbly, unused', 'the deck railing is wobbly, we keep the kids off it until it is fixed'],
    ['cannot get out of a contract', 'I cant get out of my lease early, can the board help?'],
    ['lift, nobody in', 'the elevator on the left wont open on floor 2, we used the stairs'],
    ['spreading, not fire', 'the mold is spreading to the closet wall'],
    ['water meter', 'the water meter by the curb makes a hissing noise when we run the shower'],
    ['dye, not blood', 'the colors are bleeding a lot in the laundry room machines, is one broken?'],
    ['sink backing up', 'bồn rửa chén xả nước là trào ngược lên'],
    ['other language, past', 'Geçen hafta asansörde mahsur kaldık, şimdi çalışıyor'],
  ];
  wordClasses(found, quiet);
});

/**
 * Fifth pass (decision 0020, amendment on corpus/incoming4: formal, speech-to-text and regional
 * Spanish voices): each class with a wording found and a look-alike left quiet, written for the test.
 */
describe('emergency word classes, fifth pass', () => {
  const found: [string, string, string][] = [
    [
      'deep and rising',
      'the river is pouring into the parking garage, water up to the bumpers already',
      'flooding',
    ],
    ['deep and rising', 'el agua ya llega a las rodillas en el sótano', 'flooding'],
    ['sewage rising', 'sewage is coming up through the shower drain and into the hallway', 'flooding'],
    [
      'sewage rising',
      'las aguas negras se están devolviendo por la coladera y entrando a la sala',
      'flooding',
    ],
    ['ceiling raining', 'the kitchen ceiling is raining water like a faucet', 'flooding'],
    [
      'toilet overflowing, valve stuck',
      'la poceta rebalsa y la llave de paso está trabada, ya hay agua en todo el piso',
      'flooding',
    ],
    [
      'panel flash',
      'there was a flash and a bang from the breaker box when I flipped it',
      'electrical_hazard',
    ],
    [
      'outlet smells of fish',
      'the outlet behind the couch is warm and smells like fish',
      'electrical_hazard',
    ],
    [
      'water in a switch',
      'water is dripping into the light switch by the door and it is crackling',
      'electrical_hazard',
    ],
    ['allergic reaction', 'my son ate a peanut cookie and his lips are swelling, he is wheezing', 'injury'],
    ['allergic reaction', 'necesitamos una epipen en la alberca ya', 'injury'],
    ['swallowed', 'my daughter swallowed a couple of magnets from the fridge', 'injury'],
    ['swallowed', 'mi niño se tragó unas pastillas de la abuela', 'injury'],
    ['weapon', 'a man with a gun is banging on doors on the third floor', 'break_in'],
    ['weapon', 'hay un tipo armado con un cuchillo amenazando al guardia', 'break_in'],
    ['forced in', 'someone forced the back door and he is still inside, I am hiding upstairs', 'break_in'],
    ['cut lock now', 'two guys cut the chain on the storage gate and are taking boxes right now', 'break_in'],
    [
      'flashlight inside',
      'the neighbors are on vacation and there is a flashlight moving inside their place',
      'break_in',
    ],
    ['tree through roof', 'a pine tree just fell through our roof in the storm', 'structural_danger'],
    ['tree through roof', 'se nos cayó un árbol encima del techo y está crujiendo', 'structural_danger'],
    [
      'sagging getting worse',
      'the ceiling in the den is bulging down and it got lower in the last hour',
      'structural_danger',
    ],
    [
      'railing hanging off',
      'the deck railing is hanging off and kids are leaning on it',
      'structural_danger',
    ],
    [
      'CO alarm and drowsy',
      'the carbon monoxide detector is screaming and my husband wont wake up properly',
      'carbon_monoxide',
    ],
    ['CO alarm and drowsy', 'la alarma de monóxido no para de pitar y tengo náuseas', 'carbon_monoxide'],
    [
      'locked in',
      'my dad is locked inside the bathroom and we cannot open it from outside',
      'person_trapped',
    ],
    ['locked in', 'mi hijo está trancado en el cuarto de la lavadora', 'person_trapped'],
    [
      'keys inside with a child',
      'locked the car with the baby inside and the keys, its hot out',
      'person_trapped',
    ],
    ['Spanglish lift', 'estamos stuck en el elevador, somos tres', 'person_trapped'],
    ['heat knocked out', 'the storm knocked out the heat and its 35 degrees in here', 'no_heat_freezing'],
  ];

  const quiet: [string, string][] = [
    ['ever been', 'the buyer asks if there has ever been a fire or a flood in the unit'],
    ['ever been', 'el comprador pregunta si ha habido inundaciones en el edificio'],
    ['before it happens again', 'our pipes burst last winter, who pays for that if it happens again?'],
    ['since that thing', 'la piscina sigue cerrada desde lo del niño que se cortó?'],
    ['electrician came', 'ya vino el electricista y cambió el enchufe quemado, gracias'],
    ['heating cut, nothing else', 'se cortó la calefacción del gimnasio, cuando vuelve?'],
    ['ceiling leaks when it rains', 'the ceiling drips a little when it rains, can someone look next week'],
    ['rain leaks', 'hay goteras en el techo cuando llueve'],
    ['door handle broke', 'a maçaneta quebrou por dentro, saí pela varanda'],
    ['bat in the attic', 'there is a bat flying around in the attic, can pest control come'],
    ['medicine question', 'can I keep my allergy epinephrine in the pool office fridge?'],
  ];
  wordClasses(found, quiet);
});

/**
 * Look-alikes found while adding repair messages in French, Portuguese, Vietnamese and Chinese (decision
 * 0020, session 31): repairs that use a danger's words. Written for the test.
 */
describe('repairs that use a danger’s words', () => {
  wordClasses(
    [],
    [
      [
        'cold but bearable',
        'le chauffage marche plus dans le salon, il fait 17, c est correct pour l instant',
      ],
      ['pool heater', 'o aquecedor da piscina quebrou, a água tá gelada'],
      ['a drop now and then', 'une goutte tombe du plafond de temps en temps depuis la pluie'],
      ['hairline crack, not growing', 'tem uma rachadura fininha na parede, não tá crescendo'],
      ['missing screw', 'the stair railing is missing a screw at the bottom'],
      ['missing screw', '楼梯扶手松了，螺丝掉了一颗'],
      ['nearly slipped', 'nobody salted the walkway, I almost slipped this morning'],
      ['nearly slipped', '门口没铲雪，差点滑倒'],
      ['hyperbole', '电梯又坏了，天天爬楼梯腿都要断了'],
      ['car hit a mailbox', 'hộp thư chung bị xe đụng nghiêng rồi'],
      ['bench leg', 'ghế đá ở công viên trong khu bị gãy chân rồi'],
      ['circuit switched off', 'tem fios soltos na garagem, o zelador desligou o circuito, precisa arrumar'],
      ['cover plate', 'o interruptor tá sem o espelho, dá pra ver os fios, não tá dando choque nem nada'],
      ['soot after a fire', 'tuần trước căn bên cạnh bị cháy nhỏ, đã dập tắt, tường nhà em bị ám khói đen'],
      ['burner will not light', '炉子那个火点不着，咔咔咔打火但是不出火，没有煤气味'],
      ['clogged shower', 'cống nhà tắm bị nghẹt, tắm xong nước ngập tới mắt cá'],
      [
        'standing water in an appliance',
        'the dishwasher leaves standing water at the bottom after every cycle',
      ],
      ['shut-off still closed', 'o cano que rompeu ontem continua com o registro fechado, não sai mais água'],
      ['no longer an alarm', '上周一氧化碳报警器响过一次，消防说没事，之后一直正常'],
    ],
  );
});
