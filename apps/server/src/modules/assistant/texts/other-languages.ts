/**
 * "If anyone is in danger, call 911 now", in languages the assistant has no other texts for (issue 16:
 * an unknown language is handed to a person, and an emergency is never answered without safety advice
 * first). A message in one of these languages may describe an emergency the rules cannot read, so
 * this line opens the reply, in the language the message was written in when it is one of these, then
 * in English. Keyed by the ISO 639-1 code `detectLanguage` gives. Arabic script is reported as Arabic,
 * so Farsi and Urdu readers get the Arabic line and the English one.
 */
export const dangerLines: Readonly<Record<string, string>> = {
  ar: 'إذا كان أي شخص في خطر، اتصل بالرقم 911 الآن.',
  de: 'Wenn jemand in Gefahr ist, rufen Sie sofort 911 an.',
  he: 'אם מישהו בסכנה, התקשרו עכשיו ל-911.',
  hi: 'अगर कोई खतरे में है, तो अभी 911 पर कॉल करें।',
  ht: 'Si yon moun an danje, rele 911 kounye a.',
  it: 'Se qualcuno è in pericolo, chiama subito il 911.',
  ja: '危険な状態の人がいる場合は、今すぐ911に電話してください。',
  ko: '위험에 처한 사람이 있으면 지금 바로 911에 전화하세요.',
  pl: 'Jeśli ktoś jest w niebezpieczeństwie, natychmiast zadzwoń pod numer 911.',
  ru: 'Если кому-то угрожает опасность, немедленно звоните 911.',
  th: 'หากมีใครตกอยู่ในอันตราย โทร 911 ทันที',
  tl: 'Kung may taong nasa panganib, tumawag agad sa 911.',
  uk: 'Якщо комусь загрожує небезпека, негайно телефонуйте 911.',
};
