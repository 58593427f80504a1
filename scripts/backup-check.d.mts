export function backupCheck(
  databaseUrl: string,
  options?: { keep?: boolean; file?: string; log?: (line: string) => void },
): Promise<{ ok: boolean; tables: number; rows: number; restored: string | null }>;
