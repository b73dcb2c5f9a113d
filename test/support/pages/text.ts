/** A pattern that matches `text` anywhere in a name, with the text taken literally (names hold dots, brackets and the like). */
export const containing = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
