export * from './constants.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './permissions.ts';
export * from './trial.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/notifications.ts';
