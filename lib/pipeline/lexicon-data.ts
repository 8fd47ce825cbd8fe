// Small word lists for claim matching (claim-match.ts), English only. They are deliberately short:
// each entry is a paraphrase the matcher must accept or a change of meaning it must catch, and a
// wrong entry makes the verifier call a false claim true. Lists hold plain lower-case words; the
// lexicon (lexicon.ts) lemmatises them once when it loads, so inflected forms need no entries.

/** Words that carry no fact of their own. Negation cues, quantifiers and comparatives are not here. */
export const FUNCTION_WORDS =
  'a an the and or but if then so as at by for from in into of on onto to with within via per ' +
  'is are was were be been being am do does did doing done have has had having will would shall ' +
  'should can could may might must i me my mine we us our ours you your yours he him his she her ' +
  'hers it its they them their theirs this that these those there here who whom whose which what ' +
  'when where why how than also too very really quite rather about around approximately ' +
  'roughly nearly almost such own same other another again further once yet still even ' +
  'which while whereas because since though although however therefore thus meanwhile indeed ' +
  'according say says said tell told told page article source report reports reported reportedly ' +
  'mr mrs ms dr prof st jr sr etc ie eg vs via upon among amongst across through throughout ' +
  'during toward towards onto off out over under about like unlike well ever already ' +
  'currently now actually also both either whether yes one';

/** Irregular forms the Porter stemmer cannot join to their base form. */
export const IRREGULAR_FORMS: Record<string, string> = {
  fell: 'fall',
  fallen: 'fall',
  rose: 'rise',
  risen: 'rise',
  grew: 'grow',
  grown: 'grow',
  won: 'win',
  lost: 'lose',
  // Abbreviations in organisations' names: "News Corp" is "News Corporation".
  corp: 'corporation',
  inc: 'incorporated',
  ltd: 'limited',
  dept: 'department',
  govt: 'government',
  univ: 'university',
  intl: 'international',
  assn: 'association',
  sold: 'sell',
  bought: 'buy',
  paid: 'pay',
  made: 'make',
  gave: 'give',
  given: 'give',
  took: 'take',
  taken: 'take',
  began: 'begin',
  begun: 'begin',
  born: 'birth',
  died: 'die',
  dead: 'die',
  death: 'die',
  wrote: 'write',
  written: 'write',
  built: 'build',
  found: 'find',
  led: 'lead',
  held: 'hold',
  left: 'leave',
  kept: 'keep',
  met: 'meet',
  ran: 'run',
  sent: 'send',
  spent: 'spend',
  taught: 'teach',
  thought: 'think',
  brought: 'bring',
  caught: 'catch',
  chose: 'choose',
  chosen: 'choose',
  drew: 'draw',
  drawn: 'draw',
  drove: 'drive',
  driven: 'drive',
  ate: 'eat',
  eaten: 'eat',
  flew: 'fly',
  flown: 'fly',
  forgot: 'forget',
  forgotten: 'forget',
  knew: 'know',
  known: 'know',
  saw: 'see',
  seen: 'see',
  shot: 'shoot',
  sank: 'sink',
  sunk: 'sink',
  spoke: 'speak',
  spoken: 'speak',
  stole: 'steal',
  stolen: 'steal',
  struck: 'strike',
  swore: 'swear',
  threw: 'throw',
  thrown: 'throw',
  wore: 'wear',
  worn: 'wear',
  // The other irregular verbs of English (past and participle): a closed list, not one page's
  // words. Forms that are words of their own ("found", "bound", "ground") are left out.
  arisen: 'arise',
  arose: 'arise',
  awoke: 'awake',
  awoken: 'awake',
  became: 'become',
  bent: 'bend',
  bitten: 'bite',
  bled: 'bleed',
  blew: 'blow',
  blown: 'blow',
  borne: 'bear',
  bred: 'breed',
  broke: 'break',
  broken: 'break',
  burnt: 'burn',
  came: 'come',
  clung: 'cling',
  crept: 'creep',
  dealt: 'deal',
  did: 'do',
  done: 'do',
  drank: 'drink',
  dreamt: 'dream',
  drunk: 'drink',
  dug: 'dig',
  fed: 'feed',
  fled: 'flee',
  flung: 'fling',
  forbade: 'forbid',
  forbidden: 'forbid',
  foresaw: 'foresee',
  foreseen: 'foresee',
  forgave: 'forgive',
  forgiven: 'forgive',
  fought: 'fight',
  froze: 'freeze',
  frozen: 'freeze',
  gone: 'go',
  got: 'get',
  gotten: 'get',
  heard: 'hear',
  hid: 'hide',
  hidden: 'hide',
  hung: 'hang',
  knelt: 'kneel',
  leant: 'lean',
  leapt: 'leap',
  learnt: 'learn',
  lent: 'lend',
  meant: 'mean',
  misled: 'mislead',
  mistaken: 'mistake',
  mistook: 'mistake',
  outgrew: 'outgrow',
  outgrown: 'outgrow',
  overcame: 'overcome',
  oversaw: 'oversee',
  overseen: 'oversee',
  overtaken: 'overtake',
  overthrew: 'overthrow',
  overthrown: 'overthrow',
  overtook: 'overtake',
  proved: 'prove',
  proven: 'prove',
  rang: 'ring',
  rebuilt: 'rebuild',
  rewritten: 'rewrite',
  rewrote: 'rewrite',
  ridden: 'ride',
  rode: 'ride',
  rung: 'ring',
  sang: 'sing',
  shaken: 'shake',
  shone: 'shine',
  shook: 'shake',
  showed: 'show',
  shown: 'show',
  shrank: 'shrink',
  shrunk: 'shrink',
  shrunken: 'shrink',
  slept: 'sleep',
  slid: 'slide',
  sought: 'seek',
  sped: 'speed',
  sprang: 'spring',
  sprung: 'spring',
  spun: 'spin',
  stank: 'stink',
  stood: 'stand',
  striven: 'strive',
  strove: 'strive',
  stuck: 'stick',
  stung: 'sting',
  stunk: 'stink',
  sung: 'sing',
  swam: 'swim',
  swept: 'sweep',
  swum: 'swim',
  swung: 'swing',
  tore: 'tear',
  torn: 'tear',
  trod: 'tread',
  trodden: 'tread',
  undergone: 'undergo',
  understood: 'understand',
  undertaken: 'undertake',
  undertook: 'undertake',
  underwent: 'undergo',
  undid: 'undo',
  undone: 'undo',
  went: 'go',
  wept: 'weep',
  withdrawn: 'withdraw',
  withdrew: 'withdraw',
  withheld: 'withhold',
  withstood: 'withstand',
  woke: 'wake',
  woken: 'wake',
  wove: 'weave',
  woven: 'weave',
  men: 'man',
  women: 'woman',
  children: 'child',
  people: 'person',
  mice: 'mouse',
  feet: 'foot',
  teeth: 'tooth',
  better: 'good',
  best: 'good',
  worse: 'bad',
  worst: 'bad',
  larger: 'large',
  largest: 'large',
  bigger: 'big',
  biggest: 'big',
  smaller: 'small',
  smallest: 'small',
  higher: 'high',
  highest: 'high',
  lower: 'low',
  lowest: 'low',
};

/**
 * Words that mean the same in a claim and on a page. The first word of a group names it. Only
 * pairs safe in any context: "cut" is not here (a budget cut and a cut cable are different facts).
 */
export const SYNONYM_GROUPS: readonly string[] = [
  // Months as news style abbreviates them ("Dec. 15" for "December 15"); March to July are
  // written out in that style, and "mar" and "may" are words of their own.
  'january jan',
  'february feb',
  'august aug',
  'september sept sep',
  'october oct',
  'november nov',
  'december dec',
  'profit earnings earn',
  'reject rebuff spurn repudiate',
  'fall drop decline decrease reduce reduction plunge slump sink shrink diminish dwindle lessen',
  'rise increase grow growth climb surge jump soar raise boost expand expansion',
  'buy purchase acquire acquisition',
  'die perish',
  'begin start commence launch',
  'end finish conclude complete',
  'use utilize utilise employ',
  'big large huge enormous vast massive',
  'small little tiny',
  'show demonstrate reveal indicate',
  'help assist aid',
  'need require',
  'try attempt',
  'kill slay',
  'company firm business corporation',
  'law legislation statute',
  'car automobile vehicle',
  'child kid',
  'person individual',
  'researcher scientist',
  'study research',
  'physician doctor',
  'answer reply respond response',
  'build construct erect',
  'fix repair',
  'speed velocity',
  'rapid fast quick swift',
  'slow sluggish',
  'choose select pick',
  'enough sufficient',
  'main primary principal chief',
  'ill sick',
  'happy glad',
  'error mistake',
  'object item',
  'permit allow let',
  'forbid ban prohibit outlaw bar',
  'cite quote',
  'president presidency',
  'wealthy rich',
  'impoverished poor',
  'town city',
  'nation country',
  'memory ram',
  'yearly annual annually',
  'terabyte tb',
  'gigabyte gb',
  'megabyte mb',
  'kilobyte kb',
  'kilometre kilometer km',
  'centimetre centimeter cm',
  'millimetre millimeter mm',
  'metre meter',
  'litre liter',
  'kilogram kg',
  'pound lb lbs',
  'foot ft',
  'hour hr hrs',
  'minute min mins',
  'gigahertz ghz',
  'celsius °c',
  'fahrenheit °f',
  'megahertz mhz',
  'more exceed greater',
  'less fewer',
];

/**
 * Pairs whose swap reverses a claim. Each side may be a synonym group's name (see above), so
 * "profits rose" against "earnings dropped" is caught through the groups `rise` and `fall`.
 */
/**
 * 'make' before one of these (its object, after an article or not) means earning it: 'made money',
 * 'makes a profit' are 'earned', and so meet 'lost money' as gain against loss.
 */
export const EARNING_OBJECTS = 'money profit profits fortune cash revenue';
export const EARNING_VERBS = 'make makes made making';

export const ANTONYM_PAIRS: readonly (readonly [string, string])[] = [
  ['rise', 'fall'],
  ['up', 'down'],
  ['win', 'lose'],
  ['victory', 'defeat'],
  ['gain', 'lose'],
  ['before', 'after'],
  ['more', 'less'],
  ['high', 'low'],
  ['good', 'bad'],
  ['good', 'poor'],
  ['well', 'poorly'],
  ['well', 'badly'],
  ['excellent', 'poor'],
  ['success', 'failure'],
  ['succeed', 'fail'],
  ['ally', 'enemy'],
  ['friend', 'enemy'],
  ['accept', 'reject'],
  ['approve', 'reject'],
  ['agree', 'reject'],
  ['change', 'stay'],
  ['support', 'oppose'],
  ['agree', 'disagree'],
  ['permit', 'forbid'],
  ['legal', 'illegal'],
  ['open', 'close'],
  ['begin', 'end'],
  ['early', 'late'],
  ['earlier', 'later'],
  ['old', 'new'],
  ['old', 'young'],
  ['ancient', 'modern'],
  ['big', 'small'],
  ['long', 'short'],
  ['tall', 'short'],
  ['thick', 'thin'],
  ['wide', 'narrow'],
  ['heavy', 'light'],
  ['strong', 'weak'],
  ['wealthy', 'impoverished'],
  ['cheap', 'expensive'],
  ['easy', 'difficult'],
  ['easy', 'hard'],
  ['simple', 'complex'],
  ['safe', 'dangerous'],
  ['true', 'false'],
  ['positive', 'negative'],
  ['major', 'minor'],
  ['public', 'private'],
  ['buy', 'sell'],
  ['import', 'export'],
  ['add', 'remove'],
  ['include', 'exclude'],
  ['love', 'hate'],
  ['above', 'below'],
  ['inside', 'outside'],
  ['north', 'south'],
  ['east', 'west'],
  ['male', 'female'],
  ['man', 'woman'],
  ['son', 'daughter'],
  ['brother', 'sister'],
  ['father', 'mother'],
  ['husband', 'wife'],
  ['boy', 'girl'],
  ['king', 'queen'],
  ['always', 'never'],
  ['same', 'different'],
  ['similar', 'different'],
  ['identical', 'different'],
  ['loud', 'quiet'],
  ['hot', 'cold'],
  ['warm', 'cool'],
  ['dark', 'light'],
  ['fast', 'slow'],
  ['rapid', 'slow'],
  ['happy', 'sad'],
  ['eager', 'reluctant'],
  ['willing', 'unwilling'],
  ['possible', 'impossible'],
  ['likely', 'unlikely'],
  ['able', 'unable'],
  ['common', 'rare'],
  ['frequent', 'rare'],
  ['increase', 'decrease'],
  ['maximum', 'minimum'],
  ['majority', 'minority'],
  ['internal', 'external'],
  ['interior', 'exterior'],
  ['arrive', 'depart'],
  ['attack', 'defend'],
  ['comfortable', 'uncomfortable'],
  ['clear', 'unclear'],
  ['healthy', 'unhealthy'],
  ['improve', 'worsen'],
  ['improve', 'deteriorate'],
  ['benefit', 'harm'],
  ['help', 'hurt'],
  ['help', 'harm'],
  ['remember', 'forget'],
  ['confirm', 'deny'],
  ['present', 'absent'],
  ['entrance', 'exit'],
  ['full', 'empty'],
  ['wet', 'dry'],
  ['deep', 'shallow'],
  ['rich', 'poor'],
  ['winner', 'loser'],
  ['top', 'bottom'],
  ['upper', 'lower'],
  ['front', 'back'],
  ['lead', 'trail'],
  ['optimistic', 'pessimistic'],
  ['stable', 'unstable'],
  ['visible', 'invisible'],
  ['conservative', 'liberal'],
  ['democrat', 'republican'],
  ['domestic', 'foreign'],
  ['minimal', 'significant'],
  ['right', 'wrong'],
  ['correct', 'wrong'],
  ['forward', 'backward'],
  ['forwards', 'backwards'],
  ['strengthen', 'weaken'],
  ['bright', 'dim'],
  ['mild', 'severe'],
  ['mild', 'harsh'],
  ['mild', 'cold'],
  ['sweet', 'sour'],
  ['guilty', 'innocent'],
  ['war', 'peace'],
  ['victory', 'loss'],
  ['profit', 'loss'],
  // 'earn' heads the group `profit`: 'earned money' / 'lost money'; with EARNING_OBJECTS, 'made money' too.
  ['earn', 'lose'],
  ['surplus', 'deficit'],
  ['expand', 'contract'],
  ['raise', 'lower'],
  ['hire', 'fire'],
  ['allow', 'prevent'],
  ['encourage', 'discourage'],
  ['praise', 'criticize'],
  ['praise', 'criticise'],
  ['welcome', 'reject'],
  ['join', 'leave'],
  ['join', 'quit'],
  ['enter', 'exit'],
  ['futuristic', 'old-fashioned'],
  ['modern', 'outdated'],
  ['cheap', 'costly'],
  ['rare', 'widespread'],
  ['better', 'worse'],
  ['improve', 'sour'],
  ['orthogonal', 'parallel'],
  ['sum', 'difference'],
  ['futuristic', 'old'],
  ['underground', 'overhead'],
  ['quick', 'slow'],
  ['unite', 'divide'],
  ['halt', 'continue'],
  ['stop', 'continue'],
  ['secular', 'religious'],
  ['secular', 'islamist'],
  ['strengthen', 'undermine'],
  ['strengthen', 'crush'],
  ['welcome', 'condemn'],
  ['praise', 'condemn'],
];

/** Words from one closed set: a claim saying one where the page says another changes the fact. */
// The calendar's sets come first (lexicon.ts isCalendarWord).
export const EXCLUSIVE_SETS: ReadonlyArray<{
  kind: 'date' | 'unit' | 'antonym' | 'number';
  words: string;
}> = [
  {
    kind: 'date',
    words: 'january february march april may june july august september october november december',
  },
  { kind: 'date', words: 'monday tuesday wednesday thursday friday saturday sunday' },
  { kind: 'date', words: 'spring summer autumn fall winter' },
  { kind: 'date', words: 'morning afternoon evening night' },
  { kind: 'date', words: 'yesterday today tomorrow' },
  {
    kind: 'unit',
    words:
      'millimetre millimeter centimetre centimeter metre meter kilometre kilometer inch foot yard ' +
      'mile',
  },
  { kind: 'unit', words: 'gram kilogram tonne ton ounce pound' },
  { kind: 'unit', words: 'second minute hour' },
  { kind: 'date', words: 'day week month year decade century' },
  { kind: 'unit', words: 'byte kilobyte megabyte gigabyte terabyte kb mb gb tb' },
  { kind: 'unit', words: 'hz khz mhz ghz' },
  { kind: 'unit', words: 'watt kilowatt megawatt gigawatt' },
  { kind: 'unit', words: 'litre liter gallon' },
  { kind: 'unit', words: 'dollar euro yen yuan rupee' },
  { kind: 'unit', words: 'celsius fahrenheit' },
  {
    kind: 'antonym',
    words: 'red orange yellow green blue purple pink brown black white grey gray',
  },
  { kind: 'antonym', words: 'gold silver bronze' },
  // Round magnitudes without a figure: "hundreds of Tunisians" is not "thousands of Tunisians".
  { kind: 'number', words: 'dozens hundreds thousands millions billions' },
  {
    kind: 'number',
    words: 'first third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth last',
  },
];

/** Ordinal words by value, from 1: "1st" written in digits is "first" in words. */
export const ORDINAL_WORDS =
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth ' +
  'thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth';

/**
 * Negation cues: single words, and the first words of the phrases below. `n't` is caught apart.
 * A verb's every form is here ("lacks" in an answer, "is lacking" on the page). "Fail" negates
 * only the verb after "to" (a phrase below): "the plan failed after members left" denies no
 * leaving.
 */
export const NEGATION_WORDS =
  'not no never none nobody nothing neither nor without cannot ' +
  'unable unwilling deny denied denies denying refuse refused refuses refusing lack lacked lacks lacking except';

/**
 * Negation words of French, German, Spanish and Portuguese, for claims on pages in a language
 * other than English (buildLexicon's `lang`; English pages never use them). One list for all
 * four, so words of any language the rules cannot tell apart stay out: "sin" and "sem" are
 * English words too; French "ne" would count twice in "ne … pas", and "pas" carries it.
 */
export const NEGATION_WORDS_OTHER_LANGUAGES =
  'pas jamais aucun aucune rien sans ni non guère ' +
  'nicht kein keine keinen keinem keiner keines nie niemals niemand nichts ohne weder ' +
  'nunca jamás ningún ninguno ninguna nada nadie tampoco ' +
  'não nenhum nenhuma ninguém nem jamais';

/** Negating phrases, matched before single words ("no longer" is one cue, not "no" + "longer"). */
export const NEGATION_PHRASES = [
  'no longer',
  'not any longer',
  'far from',
  'fail to',
  'fails to',
  'failed to',
  'failing to',
  // "his failure to pass … laws": the noun denies as the verb does.
  'failure to',
  'failures to',
  'rather than',
  'instead of',
  'not possible to',
  'impossible to',
  'no way to',
  // "had yet to make any progress": had not made it.
  ...['has', 'have', 'had', 'is', 'are', 'was', 'were'].map((verb) => `${verb} yet to`),
  // "declined to comment": did not.
  'decline to',
  'declines to',
  'declined to',
  'declining to',
];

/**
 * Words that say a denial in themselves, against a denied verb or adjective in their place: "missed
 * the deadline" is "did not meet the deadline", "was absent from the meeting" "did not attend the
 * meeting", "ignored the complaints" "did not respond to the complaints".
 */
export const PRIVATIVE_WORDS =
  'miss missed misses missing absent ignore ignored ignores ignoring omit omitted omits omitting ' +
  'skip skipped skips skipping avoid avoided avoids avoiding neglect neglected neglects neglecting ' +
  'overlook overlooked overlooks forgo forwent forgot forget forgets abstain abstained refrain ' +
  'refrained off incompatible unaware unknown unclear unsure undecided silent idle';

export type QuantifierClass = 'all' | 'many' | 'some' | 'few' | 'none' | 'only';

/** Quantifiers by class, longest phrases first when matched. "no" is a negation cue instead. */
export const QUANTIFIERS: Record<QuantifierClass, string> = {
  all: 'all|every|each|always|entire|entirely|whole|everyone|everybody|everything|nearly every|almost every|nearly all|almost all|virtually all|virtually every|practically all|practically every|just about every|just about all|universally',
  many: 'many|most|majority|the majority|a majority|mostly|numerous|plenty|much|often|frequently|lots|a lot|the bulk|a wealth|a great deal|a great many|countless|myriad|an abundance|a host',
  some: 'some|several|a number|a handful|various|sometimes|certain',
  few: 'few|a few|not many|not much|not a lot|not very many|not very much|only a few|only a small part|only a small fraction|only a handful|a small part|a small fraction|a small share|a tiny fraction|hardly any|scarcely any|barely any|a small number|a minority|rarely|seldom|little|hardly|barely|least',
  none: 'no one|none|nobody|nothing|not a single|not one',
  only: 'only|solely|exclusively|just|nothing but',
};

/**
 * Opposite words of order and direction, each read with the words it relates: "before"/"after"
 * with the event after them, "up"/"down" and "above"/"below" with the words on either side. Said
 * of different things, they are no conflict (claim-match.ts, quote-polarity.ts).
 */
export const RELATION_WORDS: ReadonlyMap<string, 'after' | 'around'> = new Map([
  ['before', 'after'],
  ['after', 'after'],
  ['up', 'around'],
  ['down', 'around'],
  ['above', 'around'],
  ['below', 'around'],
]);

/** Quantifier classes that cannot both be true of the same thing. */
export const QUANTIFIER_CONFLICTS: ReadonlyArray<readonly [QuantifierClass, QuantifierClass]> = [
  ['all', 'some'],
  ['all', 'few'],
  ['all', 'none'],
  ['all', 'only'],
  ['many', 'few'],
  ['many', 'none'],
  ['some', 'none'],
  ['few', 'none'],
];

/**
 * Countries with their demonyms and other names: "Greek" matches "Greece", "UK" "Britain".
 * Format: canonical|name|name… (multi-word names allowed).
 */
export const COUNTRIES: readonly string[] = [
  'us|united states|united states of america|usa|america|american|americans',
  'uk|united kingdom|britain|great britain|british|briton|britons',
  'england|english',
  'scotland|scottish|scot|scots',
  'wales|welsh',
  'ireland|irish',
  'france|french',
  'germany|german|germans',
  'italy|italian|italians',
  'spain|spanish|spaniard',
  'portugal|portuguese',
  'greece|greek|greeks',
  'netherlands|dutch|holland',
  'belgium|belgian',
  'switzerland|swiss',
  'austria|austrian',
  'sweden|swedish|swede',
  'norway|norwegian',
  'denmark|danish|dane',
  'finland|finnish|finn',
  'poland|polish|pole',
  'russia|russian|russians',
  'ukraine|ukrainian|ukrainians',
  'turkey|turkish|turk',
  'china|chinese',
  'japan|japanese',
  'korea|korean|koreans',
  'north korea|north korean',
  'south korea|south korean',
  'india|indian|indians',
  'pakistan|pakistani',
  'afghanistan|afghan',
  'iran|iranian',
  'iraq|iraqi',
  'syria|syrian',
  'israel|israeli',
  'egypt|egyptian|egyptians',
  'libya|libyan',
  'tunisia|tunisian',
  'algeria|algerian',
  'morocco|moroccan',
  'sudan|sudanese',
  'ethiopia|ethiopian',
  'kenya|kenyan',
  'nigeria|nigerian',
  'south africa|south african',
  'saudi arabia|saudi',
  'canada|canadian|canadians',
  'mexico|mexican',
  'brazil|brazilian',
  'argentina|argentine|argentinian',
  'chile|chilean',
  'australia|australian|australians',
  'new zealand|new zealander',
  'indonesia|indonesian',
  'vietnam|vietnamese',
  'thailand|thai',
  'philippines|filipino',
  'cuba|cuban',
  'jamaica|jamaican|jamaicans',
  'haiti|haitian',
  'colombia|colombian',
  'venezuela|venezuelan',
  'peru|peruvian',
  'ecuador|ecuadorian',
  'bangladesh|bangladeshi',
  'sri lanka|sri lankan',
  'nepal|nepalese|nepali',
  'myanmar|burma|burmese',
  'malaysia|malaysian',
  'singapore|singaporean',
  'taiwan|taiwanese',
  'hungary|hungarian',
  'czech republic|czechia|czech',
  'romania|romanian',
  'bulgaria|bulgarian',
  'serbia|serbian',
  'croatia|croatian',
  'iceland|icelandic',
  'lebanon|lebanese',
  'yemen|yemeni',
  'qatar|qatari',
  'somalia|somali',
  'ghana|ghanaian',
  'uganda|ugandan',
  'tanzania|tanzanian',
  'zimbabwe|zimbabwean',
  'europe|european',
  'africa|african',
  'asia|asian',
];

/** Acronyms every reader knows, with their expansions; pages add their own (lexicon.ts). */
export const ACRONYMS: Record<string, string> = {
  un: 'united nations',
  fps: 'frames per second',
  eu: 'european union',
  nato: 'north atlantic treaty organization',
  who: 'world health organization',
  imf: 'international monetary fund',
  wto: 'world trade organization',
  fbi: 'federal bureau of investigation',
  cia: 'central intelligence agency',
  nsa: 'national security agency',
  nasa: 'national aeronautics and space administration',
  bbc: 'british broadcasting corporation',
  nhs: 'national health service',
  gdp: 'gross domestic product',
  ceo: 'chief executive officer',
  cfo: 'chief financial officer',
  cto: 'chief technology officer',
  coo: 'chief operating officer',
  pm: 'prime minister',
  ai: 'artificial intelligence',
  mit: 'massachusetts institute of technology',
  fda: 'food and drug administration',
  cdc: 'centers for disease control',
  epa: 'environmental protection agency',
  nyc: 'new york city',
  la: 'los angeles',
  dc: 'district of columbia',
  cpu: 'central processing unit',
  gpu: 'graphics processing unit',
  os: 'operating system',
  vr: 'virtual reality',
};

/**
 * Acronyms of the list above that name a role, not one person or body: "the Facebook CEO" is a
 * word of the claim like "the chief", never a name in another name's place. ("VR" stays a name:
 * a denial's reach stops at it, as at "Xbox", claim-match.test.ts.)
 */
export const COMMON_ACRONYMS: ReadonlySet<string> = new Set(
  'ceo cfo cto coo pm'.split(' ').map((a) => `a:${a}`),
);

/** Number words, with their values. Scales multiply what precedes them ("1.5 million"). */
export const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  dozen: 12,
  // A group named by its size: "the most famous of the trio" is one of three.
  duo: 2,
  trio: 3,
  quartet: 4,
  half: 0.5,
  single: 1,
  twice: 2,
  double: 2,
  dual: 2,
  triple: 3,
};

export const NUMBER_SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  k: 1e3,
  m: 1e6,
  bn: 1e9,
  // "a quarter", "three-quarters": a share, compared with a percentage (claim-match.ts sameNumber).
  quarter: 0.25,
  quarters: 0.25,
  // "two-thirds", "four-fifths": plural only, after a number; "a third" is as often the ordinal.
  thirds: 1 / 3,
  fifths: 0.2,
  tenths: 0.1,
};

/** Currency words and symbols: a number they name is money, compared in its own class. */
export const CURRENCY = '$ € £ ¥ dollar dollars euro euros usd eur gbp';

/** Words after a number that make it a percentage. */
export const PERCENT_WORDS = '% percent per cent pct percentage';

/** Titles before a name: not part of it ("Mr Obama" is "Obama"). */
export const NAME_TITLES = 'mr mrs ms dr prof sir lord lady president senator gov rep gen';

/**
 * Particles of English phrasal verbs ("turned down", "got away", "set off"): a verb with one is
 * looked up in WordNet as one verb (`turn_down`: "reject", "rebuff"); claim-text.ts marks them.
 */
export const PHRASAL_PARTICLES =
  'up down out off away over back in on through around about along apart aside forward';

/**
 * Comparatives that, right after an amount, make it a difference ("two pounds lighter", "5 more
 * seats"): an amount compared with another, not the amount itself.
 */
export const DIFFERENCE_COMPARATIVES =
  'less more fewer lighter heavier cheaper dearer longer shorter higher lower larger smaller bigger faster slower older younger thinner thicker wider';
