/**
 * The copy-paste examples of /api-docs, in one place: the public API's paths, the sample values,
 * and the code per language. Changing a path here changes it in every example.
 */

export const PUBLIC_API = {
  sendSms: { method: 'POST', path: '/api/v1/messages/sms' },
  messageStatus: { method: 'GET', path: '/api/v1/messages/{id}' },
} as const;

/** The webhook signature header (INTEG-DESIGN): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const SIGNATURE_HEADER = 'Risala-Signature';
/** Receivers refuse a signature older (or newer) than this. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const EXAMPLE_LANGUAGES = ['curl', 'node', 'python', 'php'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];
export const EXAMPLE_TASKS = ['sendSms', 'messageStatus', 'verifyWebhook'] as const;
export type ExampleTask = (typeof EXAMPLE_TASKS)[number];

/** What a user sees in place of their own values. */
export const SAMPLE = {
  clientId: 'rk_YOUR_CLIENT_ID',
  password: 'YOUR_PASSWORD',
  to: '+966500000000',
  text: 'Your order #1042 has shipped',
  reference: 'order-1042',
  messageId: '123',
  idempotencyKey: 'order-1042-shipped',
} as const;

const smsBody = (indent = '') =>
  JSON.stringify({ to: SAMPLE.to, text: SAMPLE.text, reference: SAMPLE.reference }, null, 2).replace(/\n/g, `\n${indent}`);

const statusPath = PUBLIC_API.messageStatus.path.replace('{id}', SAMPLE.messageId);

/** The code of one example for a server at `origin` (the page's own). */
export function exampleCode(task: ExampleTask, language: ExampleLanguage, origin: string): string {
  const send = `${origin}${PUBLIC_API.sendSms.path}`;
  const status = `${origin}${statusPath}`;
  const { clientId, password, idempotencyKey } = SAMPLE;
  switch (`${task}:${language}`) {
    case 'sendSms:curl':
      return [
        `curl -X POST '${send}' \\`,
        `  -u '${clientId}:${password}' \\`,
        "  -H 'Content-Type: application/json' \\",
        `  -H 'Idempotency-Key: ${idempotencyKey}' \\`,
        `  -d '${JSON.stringify({ to: SAMPLE.to, text: SAMPLE.text, reference: SAMPLE.reference })}'`,
      ].join('\n');
    case 'sendSms:node':
      return [
        '// Node 18+ (fetch is built in)',
        `const auth = Buffer.from('${clientId}:${password}').toString('base64');`,
        `const res = await fetch('${send}', {`,
        "  method: 'POST',",
        '  headers: {',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the example's own JavaScript template string
        '    Authorization: `Basic ${auth}`,',
        "    'Content-Type': 'application/json',",
        `    'Idempotency-Key': '${idempotencyKey}',`,
        '  },',
        `  body: JSON.stringify(${smsBody('  ')}),`,
        '});',
        'const { data } = await res.json();',
        'console.log(res.status, data.message_ids);',
      ].join('\n');
    case 'sendSms:python':
      return [
        'import requests',
        '',
        'res = requests.post(',
        `    "${send}",`,
        `    auth=("${clientId}", "${password}"),`,
        `    headers={"Idempotency-Key": "${idempotencyKey}"},`,
        `    json=${smsBody('    ')},`,
        '    timeout=30,',
        ')',
        'print(res.status_code, res.json()["data"]["message_ids"])',
      ].join('\n');
    case 'sendSms:php':
      return [
        '<?php',
        `$ch = curl_init('${send}');`,
        'curl_setopt_array($ch, [',
        '    CURLOPT_POST => true,',
        `    CURLOPT_USERPWD => '${clientId}:${password}',`,
        `    CURLOPT_HTTPHEADER => ['Content-Type: application/json', 'Idempotency-Key: ${idempotencyKey}'],`,
        `    CURLOPT_POSTFIELDS => json_encode(['to' => '${SAMPLE.to}', 'text' => '${SAMPLE.text}', 'reference' => '${SAMPLE.reference}']),`,
        '    CURLOPT_RETURNTRANSFER => true,',
        ']);',
        '$body = json_decode(curl_exec($ch), true);',
        "echo curl_getinfo($ch, CURLINFO_HTTP_CODE), ' ', json_encode($body['data']['message_ids']);",
      ].join('\n');
    case 'messageStatus:curl':
      return `curl '${status}' \\\n  -H 'Authorization: Bearer ${clientId}.${password}'`;
    case 'messageStatus:node':
      return [
        `const res = await fetch('${status}', {`,
        `  headers: { Authorization: 'Bearer ${clientId}.${password}' },`,
        '});',
        'const { data } = await res.json();',
        'console.log(data.status, data.delivered_at);',
      ].join('\n');
    case 'messageStatus:python':
      return [
        'import requests',
        '',
        'res = requests.get(',
        `    "${status}",`,
        `    headers={"Authorization": "Bearer ${clientId}.${password}"},`,
        '    timeout=30,',
        ')',
        'message = res.json()["data"]',
        'print(message["status"], message["delivered_at"])',
      ].join('\n');
    case 'messageStatus:php':
      return [
        '<?php',
        `$ch = curl_init('${status}');`,
        `curl_setopt($ch, CURLOPT_HTTPHEADER, ['Authorization: Bearer ${clientId}.${password}']);`,
        'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
        "$message = json_decode(curl_exec($ch), true)['data'];",
        "echo $message['status'], ' ', $message['delivered_at'];",
      ].join('\n');
    case 'verifyWebhook:curl':
      return [
        '# the check by hand: HMAC-SHA256 of "<t>.<raw body>" with your endpoint secret',
        `# header: ${SIGNATURE_HEADER}: t=1765000000,v1=5257a869…`,
        'printf \'%s.%s\' "$T" "$(cat body.json)" \\',
        '  | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" -hex',
      ].join('\n');
    case 'verifyWebhook:node':
      return [
        "import { createHmac, timingSafeEqual } from 'node:crypto';",
        '',
        '// rawBody: the request body exactly as received (a Buffer or string), before JSON.parse',
        'export function verifyRisalaSignature(rawBody, header, secret) {',
        "  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));",
        '  const t = Number(parts.t);',
        `  if (!t || Math.abs(Date.now() / 1000 - t) > ${SIGNATURE_TOLERANCE_SECONDS}) return false;`,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the example's own JavaScript template string
        "  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');",
        "  const given = Buffer.from(parts.v1 ?? '', 'hex');",
        "  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));",
        '}',
        '',
        `// verifyRisalaSignature(req.rawBody, req.headers['${SIGNATURE_HEADER.toLowerCase()}'], process.env.WEBHOOK_SECRET)`,
      ].join('\n');
    case 'verifyWebhook:python':
      return [
        'import hashlib, hmac, time',
        '',
        'def verify_risala_signature(raw_body: bytes, header: str, secret: str) -> bool:',
        '    parts = dict(p.split("=", 1) for p in header.split(","))',
        '    t = int(parts.get("t", "0"))',
        `    if abs(time.time() - t) > ${SIGNATURE_TOLERANCE_SECONDS}:`,
        '        return False',
        '    signed = f"{t}.".encode() + raw_body',
        '    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()',
        '    return hmac.compare_digest(expected, parts.get("v1", ""))',
        '',
        `# verify_risala_signature(request.get_data(), request.headers["${SIGNATURE_HEADER}"], WEBHOOK_SECRET)`,
      ].join('\n');
    case 'verifyWebhook:php':
      return [
        '<?php',
        'function verify_risala_signature(string $rawBody, string $header, string $secret): bool {',
        "    parse_str(str_replace(',', '&', $header), $parts);",
        "    $t = (int) ($parts['t'] ?? 0);",
        `    if (abs(time() - $t) > ${SIGNATURE_TOLERANCE_SECONDS}) return false;`,
        "    $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);",
        "    return hash_equals($expected, $parts['v1'] ?? '');",
        '}',
        '',
        `// verify_risala_signature(file_get_contents('php://input'), $_SERVER['HTTP_${SIGNATURE_HEADER.toUpperCase().replace('-', '_')}'], $secret);`,
      ].join('\n');
    default:
      return '';
  }
}
