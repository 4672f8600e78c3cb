import type { MaintenanceCategory, MaintenanceCategoryPath } from '@commonwise/contracts';
import { BROKEN, NOT, firstAffirmedMatch, near, words } from './patterns.ts';

/**
 * Which maintenance category and subcategory a message is about. Each rule gives a weight:
 * 4 a specific phrase ("water heater", "garage door"), 3 a thing that only one trade fixes ("toilet"),
 * 2 a symptom or a thing shared by several ("leak", "door"), 1 a hint that alone is not a problem
 * ("floor", "neighbor"). The strongest rule wins; between equals, the problem mentioned first.
 * (Several problems in one message: the first named is the request, the others `otherIssues`.)
 */

export interface CategoryMatch {
  category: MaintenanceCategory;
  subcategory: string;
  weight: number;
  /** Where in the normalised text the rule matched. */
  index: number;
  order: number;
  isPlace: boolean;
}

/**
 * `symptom`: a negation just before it cancels it ("no gas smell", "not leaking"); other rules ignore
 * negations, since "no heat" or "no hay calefacción" is the problem. `place`: names where, not what
 * (a question about the pool is not a problem with it).
 */
type Flag = 'symptom' | 'place';
type Rule = [path: MaintenanceCategoryPath, weight: number, pattern: RegExp, flag?: Flag];

const HEAT = '(?:heat|heating|heater|furnace|radiators?|boiler|fireplace|calefaccion|calefactor|chimenea)';

// One rule per line: the table reads better unwrapped.
// prettier-ignore
const rules: Rule[] = [
  // Plumbing
  ['plumbing/leak', 3, near('faucets?|sinks?|pipes?|grifos?|llaves?|lavabo|fregadero|lavamanos', 'leak\\w*|drip\\w*|gotea\\w*|fuga')],
  ['plumbing/leak', 3, near('leak\\w*|drip\\w*|fuga|goteo', '(?:kitchen |bathroom )?(?:sinks?|faucets?|cabinet|lavabo|fregadero|grifo)', 5)],
  ['plumbing/leak', 2, words('leak|leaks|leaking|leaked|leaky|drip|drips|dripping|fuga|gotea|goteo|goteando'), 'symptom'],
  ['plumbing/leak', 2, words('faucets?|grifos?')],
  ['plumbing/clog', 3, words('clog|clogs|clogged|unclog|plugged|backed up|backing up|backs up|tapad[oa]|atascad[oa]|desague')],
  ['plumbing/clog', 3, near('drains?|sinks?|tubs?|bathtubs?|showers?', `slow\\w*|${NOT} drain\\w*|comes? back up|backing up`)],
  ['plumbing/clog', 2, words('drain|drains|draining')],
  ['plumbing/toilet', 3, words('toilets?|inodoros?|escusado|excusado|wc')],
  ['plumbing/water_heater', 4, words('water heater|hot water heater|calentador de agua|boiler de agua')],
  ['plumbing/water_heater', 4, words('no hot water|hot water (?:is )?(?:out|gone|cold|not working|runs out|finish\\w*)|(?:no tengo|sin|no hay) agua caliente')],
  ['plumbing/burst_pipe', 4, near('pipes?|tubos?|tuberias?|canerias?|water line|water main', 'burst\\w*|broke|broken|exploded|split|rompio|revento|rot[oa]s?', 3)],
  ['plumbing/burst_pipe', 3, words('burst|bursted|flood|flooded|flooding|inundad[oa]|inundando|inundacion|sump pump')],
  ['plumbing/low_pressure', 4, words('(?:low|weak|no|bad) (?:water )?pressure|presion|trickle')],
  ['plumbing/gas_leak', 4, words('gas (?:leak|smell|odor|line)|smell\\w* (?:of |like )?(?:natural )?gas|(?:olor|huele|fuga|escape) (?:a |de )?gas'), 'symptom'],
  ['plumbing/gas_leak', 4, near('smell\\w*|odor|olor|huele|oler|fuga|escape', 'gas', 4), 'symptom'],

  // Electrical
  ['electrical/lighting', 3, near('lights?|lamps?|bulbs?|lighting|street ?lights?|light fixture|luz|luces|focos?|bombillas?', `${BROKEN}|flicker\\w*|not lit|burn(?:ed|t) out|fundid[oa]s?`, 6)],
  ['electrical/lighting', 3, words('street ?lights?|streetlamp|exit sign|pitch dark|muy oscuro')],
  ['electrical/lighting', 2, words('lights?|bulbs?|lamps?|luz|luces|focos?')],
  ['electrical/outlet', 3, words('outlets?|sockets?|plugs?|switch|switches|enchufes?|contactos?|tomacorrientes?|apagador')],
  ['electrical/power_outage', 4, words('(?:no|lost|lose|without) (?:power|electricity)|power (?:is )?(?:out|outage|went out|off)|blackout|apagon|sin luz|se fue la luz|(?:no hay|sin) electricidad')],
  ['electrical/breaker', 3, words('breakers?|(?:electrical|breaker|fuse) (?:panel|box)|fuses?|tripping|tripped|trips|panel electrico|tablero electrico|caja de fusibles')],
  ['electrical/exposed_wiring', 4, words('(?:exposed|bare|hanging|frayed|loose|live) (?:electrical )?wires?|wires? (?:hanging|exposed|sticking out)|cables? (?:pelados|expuestos|sueltos|colgando)')],
  ['electrical/exposed_wiring', 2, words('wires?|wiring')],
  ['electrical/smoke_co_detector', 4, words('(?:smoke|fire|co|carbon monoxide) (?:detector|alarm)s?|detector(?:es)? de (?:humo|monoxido)|alarma de humo')],
  ['electrical/smoke_co_detector', 3, words('detectors?|chirp\\w*|pita|pitido')],

  // Heating and cooling
  ['hvac/no_heat', 4, words('no (?:heat|heating|calefaccion)|(?:sin|no hay|no tenemos|no tengo) calefaccion')],
  ['hvac/no_heat', 3, new RegExp(`(?<!water |hot water )\\b${HEAT}\\b(?! up)`)],
  ['hvac/no_cooling', 3, words('ac|a c|air conditioner|air conditioning|aircon|aire acondicionado|aire|minisplit|cooling')],
  ['hvac/no_cooling', 2, words('blowing (?:warm|hot) air')],
  ['hvac/thermostat', 3, words('thermostats?|termostato')],
  ['hvac/ventilation', 4, words('(?:bathroom|ceiling|exhaust|kitchen) fans?|range hood|extractor')],
  ['hvac/ventilation', 3, words('exhaust|ventilation|vents?')],
  ['hvac/ventilation', 2, words('fans?|ventilador')],
  ['hvac/carbon_monoxide', 3, words('carbon monoxide|monoxide|monoxido')],

  // Appliances
  ['appliances/refrigerator', 3, words('fridge|fridges|refrigerators?|freezers?|refrigerador|refri|nevera|heladera|congelador|ice maker')],
  ['appliances/dishwasher', 3, words('dish ?washers?|lavaplatos|lavavajillas')],
  ['appliances/washer_dryer', 3, new RegExp('(?<!hand )\\b(?:washers?|dryers?|washing machines?|lavadora|secadora)\\b')],
  ['appliances/stove_oven', 3, words('stoves?|ovens?|cooktop|burners?|microwaves?|estufa|horno|microondas')],
  ['appliances/garbage_disposal', 4, words('(?:garbage )?disposal|triturador')],

  // Structural
  ['structural/roof', 3, words('roofs?|shingles?|gutters?')],
  ['structural/roof', 2, words('techo')],
  ['structural/walls_ceiling', 3, words('ceilings?|walls?|drywall|plaster|paredes?|cielo raso')],
  ['structural/walls_ceiling', 2, words('mold|moldy|moho|peeling|cracks?|cracked|stains?|humedad')],
  ['structural/windows', 3, words('windows?|window pane|ventanas?|vidrio|glass')],
  ['structural/doors', 3, words('(?:front|sliding|patio|screen|balcony|closet|bedroom|entry) doors?')],
  ['structural/doors', 2, words('doors?|puertas?')],
  ['structural/floors', 3, words('tiles?|floorboards?|hardwood|laminate|baldosas?|azulejos?')],
  ['structural/floors', 2, words('carpet')],
  ['structural/floors', 1, words('floors?|piso')],
  ['structural/stairs_railings', 3, words('stairs|staircase|stairwell|railings?|handrails?|banister|escaleras?|barandal|baranda')],
  ['structural/stairs_railings', 2, words('steps?')],

  // Pests
  ['pest_control/rodents', 3, words('mouse|mice|rats?|rodents?|droppings|raton|ratones|ratas?|roedores')],
  ['pest_control/insects', 3, words('ants?|roach|roaches|cockroach\\w*|bugs?|bed ?bugs?|termites?|wasps?|bees?|hornets?|spiders?|fleas?|flies|mosquito\\w*|insects?|cucaracha\\w*|hormigas?|chinches?|termitas?|avispas?|plagas?|fumigar|exterminator|pest control|pests?')],
  ['pest_control/wildlife', 3, words('raccoons?|squirrels?|pigeons?|birds?|bats?|possums?|opossums?|skunks?|snakes?|coyotes?|mapaches?|palomas?|ardillas?|murcielagos?|zarigueyas?')],

  // Grounds
  ['landscaping/lawn', 3, words('grass|lawn|lawns|mow|mowed|mowing|weeds?|landscaping|pasto|cesped|jardin\\w*')],
  ['landscaping/trees', 3, words('trees?|branch\\w*|limbs?|bushes|shrubs?|hedges?|arbol\\w*|ramas?')],
  ['landscaping/irrigation', 4, words('sprinkler heads?')],
  ['landscaping/irrigation', 3, words('sprinklers?|irrigation|aspersor\\w*|riego')],
  ['landscaping/snow_ice', 3, words('plow\\w*|unplowed|salt|salted|shovel\\w*|icy|pure ice|black ice|nieve|hielo')],
  ['landscaping/snow_ice', 2, words('snow|ice')],

  // Common areas
  ['common_areas/pool', 3, words('pools?|hot tub|jacuzzi|spa|piscinas?|alberca'), 'place'],
  // The gym and the clubhouse are places: what is broken there (the AC, a light) names the trade.
  ['common_areas/gym', 3, words('treadmills?|ellipticals?|exercise bikes?|weights|weight machines?|gym equipment')],
  ['common_areas/gym', 2, words('gym|fitness (?:center|room)|gimnasio'), 'place'],
  ['common_areas/elevator', 3, words('elevators?|elevador(?:es)?|ascensor(?:es)?')],
  ['common_areas/elevator', 2, words('lifts?')],
  ['common_areas/hallway_lobby', 3, words('lobby|corridor|vestibulo|common area|fire extinguishers?|extinguishers?')],
  ['common_areas/hallway_lobby', 2, words('hallways?|hall|pasillos?'), 'place'],
  ['common_areas/laundry_room', 4, near('washers?|dryers?|machines?', 'laundry room', 5)],
  ['common_areas/laundry_room', 3, words('laundry room|lavanderia'), 'place'],
  ['common_areas/clubhouse', 2, words('clubhouse|club house|community room|party room|casa club|salon de (?:eventos|fiestas)'), 'place'],

  // Access and security
  ['access/garage', 4, words('garage (?:door|remote|opener|gate|clicker)s?|(?:puerta|porton) del (?:garage|garaje)|control del (?:garage|garaje)')],
  ['access/garage', 2, words('garage|garaje|cochera'), 'place'],
  ['access/gate', 3, words('gates?|porton|reja')],
  ['access/locks', 3, words('locks?|deadbolt|locked out|lockout|locked inside|cerradura|chapa')],
  ['access/locks', 3, near('doors?|mailbox', `${NOT} lock|locks? (?:is |are )?(?:${BROKEN}|stuck|jammed)`)],
  ['access/key_fob', 3, words('fobs?|key ?cards?|access cards?|llavero|tarjeta de acceso|control de acceso')],
  ['access/key_fob', 2, words('(?:lost|new|spare|extra) keys?')],
  ['access/intercom', 3, words('intercom|buzzer|call ?box|interfon|portero')],
  ['access/security', 4, words('broke into|break in|broken into|stolen|stole|theft|robbed|burglar\\w*|vandali\\w*|trespass\\w*|robaron|robo|intruso')],
  ['access/security', 4, near('(?:building|entrance|side|main|lobby|exterior) doors?', `${NOT} lock\\w*|${NOT} close\\w*`, 6)],
  ['access/security', 3, words('security cameras?|cameras?|strangers?|suspicious|camaras?|seguridad')],

  // Noise and community
  ['community/noise', 3, words('noise|noisy|music|party|parties|stomping|yelling|screaming|ruido\\w*|fiesta\\w*|musica')],
  ['community/noise', 2, words('loud')],
  ['community/neighbor', 3, words('dispute|harass\\w*|threaten\\w*|keeps? leaving|blocking the hallway|can barely get past')],
  ['community/neighbor', 1, words('neighbors?|vecin[oa]s?')],
  ['community/pets', 3, words('dogs?|cats?|pets?|barking|barks|poop|perros?|gatos?|mascotas?|ladra\\w*|excremento')],
  ['community/smoking', 3, words('smokes|smoking|cigarettes?|cigars?|weed|marijuana|vap(?:e|es|ing)|fuma\\w*|cigarro\\w*')],

  // Parking
  ['parking/unauthorized_vehicle', 3, words('abandoned|no plates|unregistered|tow|towed|towing|grua')],
  ['parking/unauthorized_vehicle', 3, near('cars?|vehicles?|trucks?|vans?|rvs?|boats?|trailers?|carros?|coches?', 'sitting|parked|abandoned|blocking', 8)],
  ['parking/assigned_space', 4, words('(?:my|assigned|reserved) (?:parking )?(?:spot|space|stall)|parked in my|(?:mi )?lugar (?:asignado|de estacionamiento)|mi cajon')],
  ['parking/lot_condition', 3, words('pot ?holes?|baches?')],
  ['parking/lot_condition', 2, words('parking lot|estacionamiento|puddles?'), 'place'],

  // Trash
  ['trash/missed_pickup', 4, near('trash|garbage|recycling|basura|bins?', `${NOT} (?:been )?(?:picked up|collected|emptied)|(?:wasnt|werent|hasnt|havent|never) (?:been )?(?:picked up|collected|emptied)`, 6)],
  ['trash/missed_pickup', 4, words('missed (?:pickup|collection)|no (?:recogieron|han recogido|pasaron por) (?:la )?basura|no recogieron')],
  ['trash/overflowing', 3, near('dumpsters?|trash|garbage(?! disposal)|bins?|basura|contenedor\\w*', 'overflow\\w*|full|spilling|all over', 6)],
  ['trash/overflowing', 2, words('dumpsters?|trash|garbage(?! disposal)|basura')],
  ['trash/bulk_item', 4, words('bulk (?:pickup|item|trash)|old (?:fridge|refrigerator|tv|appliance|furniture|mattress|couch)')],
  ['trash/bulk_item', 3, words('mattress|couch|sofa|furniture|muebles?|colchon')],
  ['trash/recycling', 3, words('recycling|recycle|reciclaje')],
  ['trash/overflowing', 4, words('(?:trash|garbage) chutes?')],
];

/** Every category rule that matches, strongest and earliest first. */
export function matchCategories(normalized: string): CategoryMatch[] {
  const matches: CategoryMatch[] = [];
  rules.forEach(([path, weight, pattern, flag], order) => {
    const index =
      flag === 'symptom'
        ? firstAffirmedMatch(normalized, [pattern])
        : (pattern.exec(normalized)?.index ?? -1);
    if (index === -1) return;
    const [category, subcategory] = path.split('/') as [MaintenanceCategory, string];
    matches.push({ category, subcategory, weight, index, order, isPlace: flag === 'place' });
  });
  // Several problems: the first one mentioned. A specific phrase (4) only beats a plain thing (3) that
  // starts at the same place ("carbon monoxide detector" over "carbon monoxide").
  const rank = (m: CategoryMatch) => Math.min(m.weight, 3);
  return matches.sort(
    (a, b) => rank(b) - rank(a) || a.index - b.index || b.weight - a.weight || a.order - b.order,
  );
}

/** The strongest match for each subcategory, in the order of `matchCategories`. */
export function distinctSubcategories(matches: CategoryMatch[]): CategoryMatch[] {
  const seen = new Set<string>();
  return matches.filter((m) => {
    const key = `${m.category}/${m.subcategory}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
