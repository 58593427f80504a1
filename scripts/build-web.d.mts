export const root: string;
export function precompress(dir: string): Promise<number>;
export function buildWebIfStale(options?: { force?: boolean }): Promise<boolean>;
