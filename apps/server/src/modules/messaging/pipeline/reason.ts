/** The stages word a failure as the channels do: one definition, in channels/reason.ts. */
export { reason } from '../../../channels/reason.ts';
