export type Lang = 'en' | 'ar';

/**
 * The language of a question: Arabic when it has more Arabic letters than Latin ones, English when
 * it has more Latin ones, else the user's own language (a question of digits only, "؟").
 */
export function questionLanguage(text: string, fallback: Lang): Lang {
  const arabic = (text.match(/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  if (arabic === 0 && latin === 0) return fallback;
  return arabic >= latin ? 'ar' : 'en';
}

/** Arabic-Indic digits read as ASCII, tatweel and diacritics dropped, alef/yaa/taa marbuta forms folded: for matching. */
export function normalizeArabic(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[إأآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه');
}

/** Lower case, Arabic folded, punctuation as spaces: the form recognisers and name matching read. */
export function fold(text: string): string {
  return normalizeArabic(text.toLowerCase())
    .replace(/[؟?!.,،؛;:"'“”«»()[\]{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
