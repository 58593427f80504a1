/** A valid template with every component, for the WhatsApp tests (override any field). */
export function waTemplate(overrides: Record<string, unknown> = {}) {
  return {
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1042'] } },
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order {{2}} ships today.',
        example: { body_text: [['Sara', '#1042']] },
      },
      { type: 'FOOTER', text: 'Risala Store' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Track', url: 'https://shop.example.com/track/{{1}}', example: ['https://shop.example.com/track/1042'] },
          { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+966501234567' },
          { type: 'QUICK_REPLY', text: 'Thanks' },
        ],
      },
    ],
    ...overrides,
  };
}
