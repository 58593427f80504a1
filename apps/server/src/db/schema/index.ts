export * from './accounts.ts';
export * from './audience.ts';
export * from './templates.ts';
export * from './gateway.ts';
export * from './short-links.ts';
export * from './senders.ts';
export * from './messages.ts';
export * from './campaigns.ts';
