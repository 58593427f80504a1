import type { AppContext } from './context.ts';
import { seedDemoData } from './demo-data.ts';
import { createAccountWithOwner } from './modules/accounts/index.ts';
import { findByEmail, hashPassword } from './modules/auth/index.ts';
import { notify } from './modules/notifications/index.ts';

/** The demo account printed on start: created once, on a paid plan so nothing nags, with demo data to try. */
export async function seedDemo(ctx: AppContext) {
  const { email, password } = ctx.config.demo;
  const existing = await findByEmail(ctx.db, email);
  if (existing) return { email, password, created: false };
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const user = await createAccountWithOwner(
      tx,
      {
        email,
        password: '',
        passwordHash,
        first_name: 'Demo',
        last_name: 'Marketer',
        phone_number: '+966500000000',
        company_name: 'Risala Demo',
        industry: 'Retail',
        user_role: 'Marketing manager',
        language: 'en',
      },
      { verified: true, plan: 'growth', config: ctx.config },
    );
    await notify(tx, { accountId: user.account_id, userId: user.id }, 'system', 'welcome');
    await seedDemoData(tx, user.account_id, user.id);
  });
  return { email, password, created: true };
}
