/**
 * The WhatsApp auto-reply matcher. It lives in packages/shared so the web's "try it" box gives the
 * same answer; the inbound pipeline calls `autoReplyFor(sender.auto_reply, text, now)`.
 */
export { type AutoReplyConfig, autoReplyFor, EMPTY_AUTO_REPLY } from '@risala/shared/auto-reply';
