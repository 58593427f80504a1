export type Messages = { [key: string]: string | Messages };
