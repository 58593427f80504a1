/**
 * The other script's names for what an account stores in one script: cities, countries, common tags
 * and languages (جدة ↔ Jeddah, السعودية ↔ SA). Only names the account actually has are put in a
 * question's lexicon; these lists only say which spellings mean the same place.
 */

/** Each line: spellings of one city, English first. */
export const CITY_ALIASES: readonly string[] = [
  'Riyadh|Riyad|Ar Riyadh|الرياض|رياض',
  'Jeddah|Jedda|Jiddah|Jidda|جدة|جده|جدّة',
  'Dammam|Damam|الدمام|دمام',
  'Mecca|Makkah|Makka|مكة|مكه|مكة المكرمة',
  'Medina|Madinah|Al Madinah|المدينة المنورة|المدينه المنوره',
  'Khobar|Al Khobar|Alkhobar|الخبر',
  'Dhahran|الظهران',
  'Taif|At Taif|الطائف|الطايف',
  'Tabuk|تبوك',
  'Abha|أبها|ابها',
  'Buraidah|Buraydah|بريدة|بريده',
  'Hail|Haail|حائل|حايل',
  'Jubail|Al Jubail|الجبيل',
  'Yanbu|ينبع',
  'Najran|نجران',
  'Jazan|Jizan|جازان|جيزان',
  'Khamis Mushait|خميس مشيط',
  'Al Ahsa|Hofuf|الأحساء|الاحساء|الهفوف',
  'Qatif|القطيف',
  'Dubai|دبي|دبى',
  'Abu Dhabi|Abudhabi|أبوظبي|ابوظبي|أبو ظبي|ابو ظبي',
  'Sharjah|الشارقة|الشارقه',
  'Ajman|عجمان',
  'Al Ain|العين',
  'Ras Al Khaimah|رأس الخيمة|راس الخيمه',
  'Fujairah|الفجيرة',
  'Kuwait City|Kuwait|مدينة الكويت|الكويت',
  'Doha|الدوحة|الدوحه',
  'Manama|المنامة|المنامه',
  'Muscat|مسقط',
  'Cairo|القاهرة|القاهره',
  'Alexandria|الإسكندرية|الاسكندرية|اسكندرية',
  'Giza|الجيزة',
  'Amman|عمّان|عمان',
  'Beirut|بيروت',
  'Baghdad|بغداد',
  'Casablanca|الدار البيضاء',
  'London|لندن',
];

/** Each line: a country's code, then its spellings. */
export const COUNTRY_ALIASES: readonly string[] = [
  'SA|Saudi Arabia|Saudi|KSA|the Kingdom|السعودية|السعوديه|المملكة العربية السعودية|المملكة|المملكه',
  'AE|UAE|United Arab Emirates|Emirates|the Emirates|الإمارات|الامارات|الإمارات العربية المتحدة|الامارات العربيه المتحده',
  'KW|Kuwait|الكويت',
  'QA|Qatar|قطر',
  'BH|Bahrain|البحرين',
  'OM|Oman|سلطنة عمان|عمان',
  'EG|Egypt|مصر',
  'JO|Jordan|الأردن|الاردن',
  'LB|Lebanon|لبنان',
  'IQ|Iraq|العراق',
  'MA|Morocco|المغرب',
  'US|USA|United States|America|أمريكا|امريكا|الولايات المتحدة',
  'GB|UK|United Kingdom|Britain|بريطانيا|المملكة المتحدة',
  'IN|India|الهند',
  'PK|Pakistan|باكستان',
];

/** Tags marketers name in the other language. */
export const TAG_ALIASES: readonly string[] = [
  'vip|v.i.p|كبار العملاء|المميزين|العملاء المميزين|في آي بي|في اي بي',
  'newsletter|newsletters|النشرة البريدية|النشرة|نشرة|النشره البريديه|نشرة بريدية',
  'loyal|loyalty|الأوفياء|ولاء',
  'wholesale|الجملة|جملة',
  'new|جدد|العملاء الجدد',
];

/** Languages beyond Arabic and English an account may store, by code. */
export const LANGUAGE_ALIASES: readonly string[] = [
  'fr|French|فرنسي|الفرنسية',
  'ur|Urdu|أردو|الأوردية',
  'hi|Hindi|هندي|الهندية',
  'es|Spanish|إسباني|الإسبانية',
  'tr|Turkish|تركي|التركية',
  'fa|Persian|Farsi|فارسي|الفارسية',
];

/** The spellings of each alias line, keyed by every spelling's fold. */
export function aliasTable(lines: readonly string[], fold: (s: string) => string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const line of lines) {
    const names = line.split('|');
    for (const n of names) table.set(fold(n), names);
  }
  return table;
}
