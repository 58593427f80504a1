/** The English core catalogue: the shell, sign-in pages, errors and validation (what /login needs). */
import enErrors from './en/errors.json' with { type: 'json' };
import enInvitation from './en/invitation.json' with { type: 'json' };
import enUi from './en/ui.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import type { Messages } from './types.ts';

const messages: Messages = { ...enUi, errors: enErrors, invitation: enInvitation, validation: enValidation };

export default messages;
