/**
 * A drafting request on the built-in engine ("اكتب لي رسالة SMS لتخفيضات رمضان 20٪"): the
 * draft_template tool writes the message from the offer in the request, in the first brand's voice,
 * and the answer offers it — nothing is saved until the user chooses on the card. The answer says
 * how many parts it takes (or that the offer does not fit), the words of the request it did not
 * use, and any word that is not in the message's language.
 */
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import type { Channel } from '@risala/shared/schemas/messages';
import { displayName, translate } from '@risala/shared/i18n/index.ts';
import { mdText } from '@risala/shared/markdown';
import type { Lang } from '../language.ts';
import type { ChatTurn } from '../provider.ts';

export async function offerMessageDraft(turn: ChatTurn, lang: Lang, channel: Channel, topic?: string): Promise<string> {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, `ai.builtin.${key}`, params);
  const n = (value: number) => new Intl.NumberFormat(lang === 'ar' ? 'ar-u-ca-gregory' : 'en').format(value);
  const list = (items: string[]) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
  const brands = await turn.tools.run('list_brands', {});
  const brand = brands.ok ? ((brands.data as { brands: { id: number; name: string }[] }).brands[0] ?? null) : null;
  // the parser's topic ("our handmade candles") is what the message is about when the offer names nothing else
  const about = topic && topic !== turn.query.trim() ? { topic } : {};
  const out = await turn.tools.run('draft_template', {
    channel,
    request: turn.query,
    ...about,
    ...(brand ? { brand_id: brand.id } : {}),
  });
  if (!out.ok || !out.draft) return String((out.data as { message?: string }).message ?? t('noData'));
  const d: MessageDraft = out.draft;
  const lines = [t('draft.offered', { channel: translate(lang, `ai.channels.${channel}`) })];
  if (d.sms) {
    lines.push(
      d.sms.fits
        ? t('draft.parts', { parts: n(d.sms.parts), max: n(d.sms.max_parts) })
        : t('draft.doesNotFit', { parts: n(d.sms.parts), max: n(d.sms.max_parts) }),
    );
  }
  const unplaced = d.offer?.unplaced ?? [];
  if (unplaced.length) lines.push(t('draft.unplaced', { words: list(unplaced.map((w) => `“${mdText(w)}”`)) }));
  if (!d.language_check.ok) {
    lines.push(
      t('draft.otherLanguage', { language: displayName(lang, 'language', d.language), words: list(d.language_check.foreign.map(mdText)) }),
    );
  }
  lines.push(t('draft.builtin', { brand: mdText((out.data as { brand?: string | null }).brand ?? brand?.name ?? '—') }));
  return lines.join('\n\n');
}
