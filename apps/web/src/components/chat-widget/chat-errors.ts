/**
 * Spec §8 for the chat: a timeout says the service may still be processing; 404, 405, 500 and
 * 502/503 each have their own text; otherwise the server's message. A failure that means the
 * service is unreachable or broken (timeout, network, 404/405, 5xx) is followed by the connection
 * message with troubleshooting and marks the service offline; a refusal the service itself
 * answered (400, 403, 429 daily limit) shows its message and leaves it online.
 */
import type { ApiError } from '../../lib/http.ts';

export interface ChatFailure {
  /** the catalogue key of the text, or null to show `message` */
  key: string | null;
  message: string;
  /** show the connection message with troubleshooting and mark the service offline */
  offline: boolean;
}

export function chatFailure(error: ApiError | 'timeout'): ChatFailure {
  if (error === 'timeout') return { key: 'ai.chat.errors.timeout', message: '', offline: true };
  if (error.isNetworkError) return { key: null, message: '', offline: true };
  const status = error.statusCode;
  if (status === 504 || error.code === 'AI_TIMEOUT') return { key: 'ai.chat.errors.timeout', message: '', offline: true };
  if (status === 404 || status === 405 || status === 500) return { key: `ai.chat.errors.${status}`, message: '', offline: true };
  if (status === 502 || status === 503) return { key: 'ai.chat.errors.502', message: '', offline: true };
  if (status >= 500) return { key: null, message: error.message, offline: true };
  return { key: null, message: error.message, offline: false };
}
