export { type CardLine, ListCards } from './ListCards.tsx';
export { usePhone } from './use-phone.ts';
