/** A chart's data as a CSV file (UTF-8 with BOM, for spreadsheets), cells never run as formulas (the exports' rule). */
import { csvCell } from '@risala/shared/csv';

export function toCsv(header: string[], rows: unknown[][]): string {
  return `\ufeff${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function download(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
