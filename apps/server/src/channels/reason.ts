import { storeReason, type TranslateParams } from '@risala/shared/i18n/index.ts';

/**
 * Why a message failed or was held back, from the `sending` namespace, stored as its key and
 * parameters (error_message, event detail): the history reads it in the reader's language. Here,
 * below the pipeline, because the channels' drivers word their failures the same way the stages do.
 */
export const reason = (key: string, params: TranslateParams = {}) => storeReason({ key: `sending.${key}`, params });
