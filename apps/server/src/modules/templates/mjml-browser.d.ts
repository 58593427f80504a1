/** mjml-browser ships no types: the one call used (MJML 5, asynchronous). */
declare module 'mjml-browser' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    fonts?: Record<string, string>;
    keepComments?: boolean;
    minify?: boolean;
    beautify?: boolean;
  }
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<{ html: string; errors: MjmlError[] }>;
}
