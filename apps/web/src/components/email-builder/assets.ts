import type { Language } from '@risala/shared/constants';
import { type BlockTexts, type Direction, type EmailTheme, emailTheme } from '@risala/shared/email-design';
import type { EmailAssets } from '@risala/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { api } from '../../lib/api-client.ts';
import { preloadLanguage } from '../../lib/i18n.ts';

export type BuilderBrand = EmailAssets['brands'][number];
export type BuilderImage = EmailAssets['images'][number];

/** GET /api/templates/email-assets: the library's images and the brands, with public image addresses. */
export async function getEmailAssets(): Promise<EmailAssets> {
  const { data } = await api.get<EmailAssets>('/api/templates/email-assets', { silent: true });
  return data;
}

export function useEmailAssets() {
  return useQuery({ queryKey: ['email-builder', 'assets'], queryFn: getEmailAssets, staleTime: 30_000 });
}

export const languageOf = (dir: Direction): Language => (dir === 'rtl' ? 'ar' : 'en');

/** The look of new blocks: the brand's, in the email's direction; images the builder ships come from this origin. */
export const themeFor = (brand: BuilderBrand | null, dir: Direction): EmailTheme => emailTheme(brand, dir, window.location.origin);

/**
 * The sample texts new blocks start with, in the email's language (an Arabic email gets Arabic
 * samples whatever the interface language is).
 */
export async function blockTexts(language: Language): Promise<BlockTexts> {
  await preloadLanguage(language);
  const t = i18n.getFixedT(language);
  const k = (key: keyof BlockTexts) => t(`builder.sample.${key}`);
  return {
    heading: k('heading'),
    paragraph: k('paragraph'),
    column: k('column'),
    button: k('button'),
    imageAlt: k('imageAlt'),
    footer: k('footer'),
    unsubscribe: k('unsubscribe'),
  };
}
