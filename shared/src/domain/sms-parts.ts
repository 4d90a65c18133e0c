/**
 * How many SMS parts a text costs (what the provider bills): GSM 03.38 texts take 160 characters
 * in one part and 153 per part when concatenated (the rest is the joining header); a text with any
 * other character is sent as UCS-2: 70 in one part, 67 per part. The extension characters (€, [, ]
 * and others) take two of the 160.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsLength {
  /** Characters as the encoding counts them (an extension character counts two in GSM-7). */
  characters: number;
  parts: number;
  encoding: 'GSM-7' | 'UCS-2';
}

export function smsLength(text: string): SmsLength {
  let units = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) units += 1;
    else if (GSM_EXTENDED.includes(char)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { characters: units, parts: units <= 160 ? 1 : Math.ceil(units / 153), encoding: 'GSM-7' };
  // UCS-2 counts UTF-16 code units: an emoji is two.
  const codeUnits = text.length;
  return {
    characters: codeUnits,
    parts: codeUnits <= 70 ? 1 : Math.ceil(codeUnits / 67),
    encoding: 'UCS-2',
  };
}
