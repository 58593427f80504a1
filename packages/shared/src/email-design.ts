/**
 * The visual email builder's blocks and starter design, written as MJML (https://mjml.io), which
 * renders to the table-based HTML mail clients need. Shared so the builder offers exactly what the
 * server's tests render through MJML and the sanitiser. Every block carries its own colours, fonts
 * and direction (no <mj-attributes>): the builder's canvas renders each block on its own, so what a
 * block says is what it shows there and in the email.
 */

export type Direction = 'ltr' | 'rtl';

/** The placeholder the footer's unsubscribe link carries; a campaign send puts the real, signed link there. */
export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}';

export interface EmailTheme {
  dir: Direction;
  /** buttons and the header band */
  primary: string;
  /** text on `primary`: white or near-black, whichever reads better */
  onPrimary: string;
  text: string;
  muted: string;
  /** around the email */
  background: string;
  /** behind the content */
  surface: string;
  brandName: string;
  /** an absolute http(s) address a mail client can load, or null */
  logoUrl: string | null;
  /** where a new button points until the marketer sets its link: the brand's website */
  website: string;
  /** the absolute origin serving the builder's own images (social icons, the image placeholder) */
  assetBase: string;
}

/** The sample texts blocks start with, in the email's language. */
export interface BlockTexts {
  heading: string;
  paragraph: string;
  column: string;
  button: string;
  imageAlt: string;
  footer: string;
  unsubscribe: string;
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok', 'whatsapp'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Each network's colour and the page a new social block links to until the marketer sets theirs. */
export const SOCIAL_STYLE: Record<SocialNetwork, { color: string; href: string }> = {
  facebook: { color: '#1877F2', href: 'https://www.facebook.com/' },
  instagram: { color: '#E4405F', href: 'https://www.instagram.com/' },
  x: { color: '#000000', href: 'https://x.com/' },
  linkedin: { color: '#0A66C2', href: 'https://www.linkedin.com/' },
  youtube: { color: '#FF0000', href: 'https://www.youtube.com/' },
  tiktok: { color: '#000000', href: 'https://www.tiktok.com/' },
  whatsapp: { color: '#25D366', href: 'https://wa.me/' },
};

/** Blocks that sit in a column, and blocks that are whole rows (sections) of the email. */
export const CONTENT_BLOCKS = ['heading', 'text', 'image', 'button', 'divider', 'spacer', 'social'] as const;
export const SECTION_BLOCKS = ['header', 'columns-1', 'columns-2', 'columns-3', 'image-text', 'footer'] as const;
export type ContentBlock = (typeof CONTENT_BLOCKS)[number];
export type SectionBlock = (typeof SECTION_BLOCKS)[number];
export type BlockId = ContentBlock | SectionBlock;
export const BLOCK_IDS: readonly BlockId[] = [...SECTION_BLOCKS, ...CONTENT_BLOCKS];

export const isSectionBlock = (id: string): id is SectionBlock => (SECTION_BLOCKS as readonly string[]).includes(id);

/** CSS classes (MJML `css-class`) that mark blocks the builder finds again: the brand's logo, the footer. */
export const LOGO_CLASS = 'brand-logo';
export const FOOTER_CLASS = 'email-footer';

const FONT = 'Arial, Helvetica, sans-serif';
const DEFAULT_PRIMARY = '#1c7ed6';

/** Text for MJML content: markup characters escaped. */
export const escapeMjmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An attribute value for MJML. The builder writes attributes back without escaping, so a double
 * quote can never be in one: it becomes a typographic one in text and %22 in an address.
 */
export const mjmlAttr = (s: string, kind: 'text' | 'url' = 'text') =>
  s
    .replace(/"/g, kind === 'url' ? '%22' : '\u201D')
    .replace(/</g, kind === 'url' ? '%3C' : '\u2039')
    .replace(/>/g, kind === 'url' ? '%3E' : '\u203A');

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White or near-black text on `hex`, whichever contrasts more (WCAG relative luminance). */
export function textOn(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return '#ffffff';
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

/** The theme of an email for a brand (its first colour leads; its logo heads the email), or the default look. */
export function emailTheme(
  brand: { name: string; colors: string[]; logo_url: string | null; website?: string | null } | null,
  dir: Direction,
  assetBase: string,
): EmailTheme {
  const primary = brand?.colors.find((c) => /^#[0-9a-f]{6}$/i.test(c)) ?? DEFAULT_PRIMARY;
  return {
    dir,
    primary,
    onPrimary: textOn(primary),
    text: '#1f2933',
    muted: '#6b7280',
    background: '#f4f5f7',
    surface: '#ffffff',
    brandName: brand?.name ?? '',
    logoUrl: brand?.logo_url ?? null,
    website: brand?.website ?? 'https://',
    assetBase: assetBase.replace(/\/+$/, ''),
  };
}

const start = (t: EmailTheme) => (t.dir === 'rtl' ? 'right' : 'left');
const sectionAttrs = (t: EmailTheme, extra = '') =>
  `background-color="${t.surface}"${t.dir === 'rtl' ? ' direction="rtl"' : ''} padding="16px 0px"${extra}`;
const column = (t: EmailTheme, inner: string) => `<mj-column${t.dir === 'rtl' ? ' direction="rtl"' : ''}>${inner}</mj-column>`;
const paragraph = (text: string) => `<p>${escapeMjmlText(text)}</p>`;

/** The MJML of one content block (it goes in a column). */
export function contentBlock(id: ContentBlock, t: EmailTheme, x: BlockTexts): string {
  switch (id) {
    case 'heading':
      return `<mj-text align="${start(t)}" font-family="${FONT}" font-size="26px" font-weight="700" line-height="1.3" color="${t.text}" padding="10px 25px"><h1 style="margin:0;font-size:26px">${escapeMjmlText(x.heading)}</h1></mj-text>`;
    case 'text':
      return `<mj-text align="${start(t)}" font-family="${FONT}" font-size="15px" line-height="1.6" color="${t.text}" padding="10px 25px">${paragraph(x.paragraph)}</mj-text>`;
    case 'image':
      return `<mj-image src="${t.assetBase}/email/placeholder.png" alt="${mjmlAttr(x.imageAlt)}" width="550px" padding="10px 25px"></mj-image>`;
    case 'button':
      return `<mj-button href="${mjmlAttr(t.website, 'url')}" background-color="${t.primary}" color="${t.onPrimary}" font-family="${FONT}" font-size="16px" font-weight="700" border-radius="6px" inner-padding="12px 28px" padding="12px 25px" align="center">${escapeMjmlText(x.button)}</mj-button>`;
    case 'divider':
      return `<mj-divider border-color="#d9dee4" border-width="1px" padding="12px 25px"></mj-divider>`;
    case 'spacer':
      return '<mj-spacer height="24px"></mj-spacer>';
    case 'social':
      return socialBlock(t, ['facebook', 'instagram', 'x']);
  }
}

/** One network's icon linking to `href` (the network's page until the marketer sets theirs). "-noshare": a plain link, not a share button. */
export function socialElement(assetBase: string, network: SocialNetwork, href: string = SOCIAL_STYLE[network].href): string {
  return `<mj-social-element name="${network}-noshare" href="${mjmlAttr(href, 'url')}" src="${assetBase}/email/social/${network}.png" background-color="${SOCIAL_STYLE[network].color}" alt="${network}"></mj-social-element>`;
}

/** The network an icon of a social block stands for, from its MJML name. */
export function networkOf(name: string): SocialNetwork | null {
  const n = name.replace(/-noshare$/, '');
  return (SOCIAL_NETWORKS as readonly string[]).includes(n) ? (n as SocialNetwork) : null;
}

/** A row of social icons (each links to the network's page; the marketer sets their own). */
export function socialBlock(t: EmailTheme, networks: readonly SocialNetwork[]): string {
  const elements = networks.map((n) => socialElement(t.assetBase, n)).join('');
  return `<mj-social mode="horizontal" align="center" icon-size="28px" border-radius="6px" padding="12px 25px">${elements}</mj-social>`;
}

/** The MJML of one section block (a whole row of the email). */
export function sectionBlock(id: SectionBlock, t: EmailTheme, x: BlockTexts): string {
  switch (id) {
    case 'header': {
      const logo = t.logoUrl
        ? `<mj-image css-class="${LOGO_CLASS}" src="${mjmlAttr(t.logoUrl, 'url')}" alt="${mjmlAttr(t.brandName)}" width="140px" align="center" padding="8px 25px"></mj-image>`
        : `<mj-text css-class="${LOGO_CLASS}" align="center" font-family="${FONT}" font-size="22px" font-weight="700" color="${t.onPrimary}" padding="8px 25px">${escapeMjmlText(t.brandName || x.heading)}</mj-text>`;
      return `<mj-section background-color="${t.logoUrl ? t.surface : t.primary}"${t.dir === 'rtl' ? ' direction="rtl"' : ''} padding="20px 0px">${column(t, logo)}</mj-section>`;
    }
    case 'columns-1':
      return `<mj-section ${sectionAttrs(t)}>${column(t, contentBlock('text', t, x))}</mj-section>`;
    case 'columns-2':
    case 'columns-3': {
      const n = id === 'columns-2' ? 2 : 3;
      const text = (i: number) =>
        `<mj-text align="${start(t)}" font-family="${FONT}" font-size="15px" line-height="1.6" color="${t.text}" padding="10px 25px">${paragraph(`${x.column} ${i}`)}</mj-text>`;
      return `<mj-section ${sectionAttrs(t)}>${Array.from({ length: n }, (_, i) => column(t, text(i + 1))).join('')}</mj-section>`;
    }
    case 'image-text':
      return `<mj-section ${sectionAttrs(t)}>${column(t, `<mj-image src="${t.assetBase}/email/placeholder.png" alt="${mjmlAttr(x.imageAlt)}" padding="10px 25px"></mj-image>`)}${column(t, contentBlock('text', t, x) + contentBlock('button', t, x))}</mj-section>`;
    case 'footer': {
      const name = t.brandName ? `${escapeMjmlText(t.brandName)}<br>` : '';
      return `<mj-section css-class="${FOOTER_CLASS}" background-color="${t.background}"${t.dir === 'rtl' ? ' direction="rtl"' : ''} padding="20px 0px">${column(
        t,
        `<mj-text align="center" font-family="${FONT}" font-size="12px" line-height="1.6" color="${t.muted}" padding="6px 25px">${name}${escapeMjmlText(x.footer)}<br><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:${t.muted};text-decoration:underline">${escapeMjmlText(x.unsubscribe)}</a></mj-text>`,
      )}</mj-section>`;
    }
  }
}

/** The MJML of any block. */
export const blockMjml = (id: BlockId, t: EmailTheme, x: BlockTexts) =>
  isSectionBlock(id) ? sectionBlock(id, t, x) : contentBlock(id, t, x);

/** A whole email around `sections` (MJML of <mj-section>s), in the theme's direction. */
export function emailDocument(t: EmailTheme, sections: string, lang: string): string {
  return `<mjml lang="${mjmlAttr(lang)}" dir="${t.dir}"><mj-body background-color="${t.background}" width="600px">${sections}</mj-body></mjml>`;
}

/**
 * A new email: the brand's header, a heading, text and a button, and the footer with the
 * unsubscribe link. `bodyHtml` (an email written before as rich text or HTML) takes the place of
 * the sample text, so starting a design keeps what was there.
 */
export function starterDesign(t: EmailTheme, x: BlockTexts, lang: string, bodyHtml?: string): string {
  const content = bodyHtml
    ? `<mj-text align="${start(t)}" font-family="${FONT}" font-size="15px" line-height="1.6" color="${t.text}" padding="10px 25px">${bodyHtml}</mj-text>`
    : contentBlock('heading', t, x) + contentBlock('text', t, x) + contentBlock('button', t, x);
  return emailDocument(
    t,
    sectionBlock('header', t, x) + `<mj-section ${sectionAttrs(t)}>${column(t, content)}</mj-section>` + sectionBlock('footer', t, x),
    lang,
  );
}

/**
 * How many links of an email design go nowhere yet: a bare scheme ("https://", the starter's
 * button without a brand website) or an empty address. Sent as they are, they are dead links.
 */
export function unfinishedLinks(markup: string): number {
  return [...markup.matchAll(/\bhref\s*=\s*(["'])\s*(?:https?:\/\/)?\s*\1/gi)].length;
}
