export type Lang = 'en' | 'ar';

/**
 * The language of a question: Arabic when it is written in Arabic — two Arabic words or more, or an
 * Arabic first word (a name typed in Latin letters, "كم عميل في Demo customers", stays Arabic) —
 * English when it has Latin words only, else the user's own language (digits only, "؟").
 */
export function questionLanguage(text: string, fallback: Lang): Lang {
  const words = text.match(/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]+|[A-Za-z]+/g) ?? [];
  if (words.length === 0) return fallback;
  const arabic = words.filter((w) => !/[A-Za-z]/.test(w));
  if (arabic.length >= 2 || (arabic.length === 1 && words[0] === arabic[0])) return 'ar';
  return arabic.length === 0 ? 'en' : fallback;
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
