/** The Arabic core catalogue: the shell, sign-in pages, errors and validation (what /login needs). */
import arErrors from './ar/errors.json' with { type: 'json' };
import arInvitation from './ar/invitation.json' with { type: 'json' };
import arUi from './ar/ui.json' with { type: 'json' };
import arValidation from './ar/validation.json' with { type: 'json' };
import type { Messages } from './types.ts';

const messages: Messages = { ...arUi, errors: arErrors, invitation: arInvitation, validation: arValidation };

export default messages;
