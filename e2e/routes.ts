import { DEMO } from './a11y-audit.ts';
import { sql } from './fixtures.ts';

/** Every screen a visitor or the signed-in demo account can open: the lists the whole-app specs walk. */
export const PUBLIC = [
  '/login',
  '/register',
  '/forget-password',
  '/reset-password',
  '/otp-login',
  '/otp-register',
  '/otp-verify',
  '/sandbox/inbox',
  '/accept-invitation',
];

/** The signed-in routes, with ids of the demo account's own rows for the detail screens. */
export async function signedInRoutes(): Promise<string[]> {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [DEMO.email]);
  const first = async (q: string) => (await sql(q, [account_id]))[0]?.id as number | undefined;
  // a blacklist of its own so the detail page has something to show (the demo data has none)
  let blacklist = await first('select id from blacklists where account_id = $1 order by id limit 1');
  if (!blacklist) {
    [{ id: blacklist }] = await sql(
      `insert into blacklists (account_id, blacklist_name, blacklist_type) values ($1, 'Opted out', 'MT') returning id`,
      [account_id],
    );
  }
  const ids = {
    customer: await first('select id from customers where account_id = $1 order by id limit 1'),
    group: await first('select id from customer_groups where account_id = $1 order by id limit 1'),
    template: await first('select id from templates where account_id = $1 order by id limit 1'),
    connection: await first('select id from connections where account_id = $1 order by id limit 1'),
  };
  // two launched campaigns side by side (Campaign History's compare view)
  const launched = (
    await sql(`select id from campaigns where account_id = $1 and status <> 'DRAFT' order by id limit 2`, [account_id])
  ).map((r) => r.id as number);
  return [
    '/dashboard',
    '/brand',
    '/content',
    '/customer',
    '/customer/import',
    `/customer/${ids.customer}`,
    '/customer/groups',
    `/customer/groups/${ids.group}`,
    '/customer/blacklists',
    `/customer/blacklists/${blacklist}`,
    '/template',
    '/template/new/sms',
    '/template/new/email',
    `/template/edit/${ids.template}`,
    '/template/whatsapp',
    '/sender-management',
    '/sender-management/email',
    '/sender-management/sms',
    '/sender-management/whatsapp',
    // the SMS gateway: a settings area (the old /sender-management/… addresses redirect here)
    '/gateway/connections',
    '/gateway/routers',
    '/gateway/rules',
    '/gateway/plugins',
    ...(ids.connection ? [`/gateway/connections/${ids.connection}`] : []),
    '/message-history',
    '/message-history/new-sms',
    '/message-history/new-whatsapp',
    '/message-history/new-email',
    '/campaign',
    '/campaign/batches',
    '/campaignhistory',
    ...(launched.length === 2 ? [`/campaignhistory?compare=${launched[0]}&compare=${launched[1]}`] : []),
    '/help',
    '/ai-settings',
    '/support',
    '/user-profile',
    '/profile',
    '/roles',
    '/company',
    '/notification-settings',
    '/users',
    '/audit-log',
    '/sub-accounts',
    '/subscriptionplan',
    '/canvas-editor',
    '/analytics',
    '/api-keys',
    '/api-docs',
    '/billing/invoices',
    '/billing/payments',
    '/webhooks',
    '/no-such-page',
  ];
}
