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
