import type { AssistantLanguage, ChargeKind } from '@commonwise/contracts';
import type { AccountAnswerFacts, ExplainedCharge, OwnerAccountFacts } from '../../finance/account-facts.ts';
import { locales } from './conversation-context.ts';

/**
 * What the assistant tells an owner about their own accounts (issue 20, item 9), in each language it
 * replies in: the balance, what is past due, the credit, the next charge, the last payment, and the
 * charges asked about with the rule that made each. Amounts and dates are written the language's way;
 * a charge's description is the association's record, quoted as it is.
 */

/** A charge's facts, already written out. */
type ChargeWords = {
  amount: string;
  posted: string;
  due: string;
  description: string;
  kind: ChargeKind;
  open: string | null;
  isPaid: boolean;
  waivedOn: string | null;
  schedule: { name: string; adoptedBy: string } | null;
  lateFee: { graceDays: number; fee: string; authority: string; onCharge: string | null } | null;
};

type AccountWords = {
  unit: string;
  property: string;
  balance: string;
  owes: boolean;
  pastDue: string | null;
  credit: string | null;
  next: { description: string; amount: string; due: string } | null;
  lastPayment: { amount: string; on: string; pending: boolean } | null;
};

type AccountTexts = {
  account: (a: AccountWords) => string;
  charge: (c: ChargeWords) => string;
  /** The percent part of a late fee: "10% of the late amount". */
  percentOf: (percent: string) => string;
  moreUnits: (count: number) => string;
  billingPage: string;
  /** The link under the answer. */
  billingLink: string;
  notFound: (amounts: string, managerName: string | undefined) => string;
  /** The same, to someone the assistant hands nothing over for (a board member asking as an owner). */
  notOnAccount: (amounts: string) => string;
};

const lines = (...parts: (string | null | false)[]) => parts.filter(Boolean).join(' ');

const en: AccountTexts = {
  account: (a) =>
    lines(
      `${a.unit} at ${a.property}:`,
      a.owes
        ? `you owe ${a.balance}${a.pastDue ? `, of which ${a.pastDue} is past due` : ''}.`
        : 'you owe nothing today.',
      a.credit && `You have a credit of ${a.credit}, which pays your next charges.`,
      a.next && `Your next charge is ${a.next.description}, ${a.next.amount}, due ${a.next.due}.`,
      a.lastPayment &&
        `Your last payment was ${a.lastPayment.amount} on ${a.lastPayment.on}${a.lastPayment.pending ? ' (still being processed)' : ''}.`,
    ),
  charge: (c) =>
    lines(
      `The ${c.amount} charged on ${c.posted} is "${c.description}",`,
      c.lateFee
        ? c.kind === 'interest'
          ? `interest under the association's rule (${c.lateFee.authority})${c.lateFee.onCharge ? ` on "${c.lateFee.onCharge}"` : ''}.`
          : `a late fee under the association's rule (${c.lateFee.authority}): ${c.lateFee.fee} when a charge is still unpaid ${c.lateFee.graceDays} days after its due date${c.lateFee.onCharge ? `, here "${c.lateFee.onCharge}"` : ''}.`
        : c.schedule
          ? `from the "${c.schedule.name}" schedule, adopted by ${c.schedule.adoptedBy}.`
          : `${kindNames.en[c.kind]}.`,
      c.waivedOn
        ? `It was waived on ${c.waivedOn}.`
        : c.isPaid
          ? 'It is paid.'
          : c.open
            ? `${c.open} of it is still owed (due ${c.due}).`
            : `It is owed, due ${c.due}.`,
    ),
  percentOf: (percent) => `${percent} of the late amount`,
  moreUnits: (count) => `You own ${count} more units: each has its account on the Billing page.`,
  billingPage: 'Your Billing page lists every charge and payment, and you can pay there.',
  billingLink: 'Open Billing',
  notFound: (amounts, manager) =>
    `I found no charge of ${amounts} on your account, so I have asked ${manager ?? 'your manager'} to look into it; they will answer you in the work room.`,
  notOnAccount: (amounts) => `I found no charge of ${amounts} on your account.`,
};

const es: AccountTexts = {
  account: (a) =>
    lines(
      `${a.unit} en ${a.property}:`,
      a.owes
        ? `usted debe ${a.balance}${a.pastDue ? `, de los cuales ${a.pastDue} están vencidos` : ''}.`
        : 'hoy no debe nada.',
      a.credit && `Tiene un saldo a favor de ${a.credit}, que paga sus próximos cargos.`,
      a.next &&
        `Su próximo cargo es ${a.next.description}, ${a.next.amount}, con vencimiento el ${a.next.due}.`,
      a.lastPayment &&
        `Su último pago fue de ${a.lastPayment.amount} el ${a.lastPayment.on}${a.lastPayment.pending ? ' (aún en proceso)' : ''}.`,
    ),
  charge: (c) =>
    lines(
      `El cargo de ${c.amount} del ${c.posted} es "${c.description}",`,
      c.lateFee
        ? c.kind === 'interest'
          ? `intereses según la regla de la asociación (${c.lateFee.authority})${c.lateFee.onCharge ? ` sobre "${c.lateFee.onCharge}"` : ''}.`
          : `un recargo por mora según la regla de la asociación (${c.lateFee.authority}): ${c.lateFee.fee} cuando un cargo sigue sin pagar ${c.lateFee.graceDays} días después de su vencimiento${c.lateFee.onCharge ? `, aquí "${c.lateFee.onCharge}"` : ''}.`
        : c.schedule
          ? `del plan "${c.schedule.name}", aprobado por ${c.schedule.adoptedBy}.`
          : `${kindNames.es[c.kind]}.`,
      c.waivedOn
        ? `Fue condonado el ${c.waivedOn}.`
        : c.isPaid
          ? 'Está pagado.'
          : c.open
            ? `Aún se deben ${c.open} (vence el ${c.due}).`
            : `Está pendiente, vence el ${c.due}.`,
    ),
  percentOf: (percent) => `${percent} del monto atrasado`,
  moreUnits: (count) =>
    `Usted es dueño de ${count} unidades más: cada una tiene su cuenta en la página de Facturación.`,
  billingPage: 'Su página de Facturación muestra cada cargo y pago, y allí puede pagar.',
  billingLink: 'Abrir Facturación',
  notFound: (amounts, manager) =>
    `No encontré ningún cargo de ${amounts} en su cuenta, así que le pedí a ${manager ?? 'su administrador'} que lo revise; le responderá en la sala de trabajo.`,
  notOnAccount: (amounts) => `No encontré ningún cargo de ${amounts} en su cuenta.`,
};

const fr: AccountTexts = {
  account: (a) =>
    lines(
      `${a.unit} à ${a.property} :`,
      a.owes
        ? `vous devez ${a.balance}${a.pastDue ? `, dont ${a.pastDue} en retard` : ''}.`
        : 'vous ne devez rien aujourd’hui.',
      a.credit && `Vous avez un crédit de ${a.credit}, qui paiera vos prochaines charges.`,
      a.next &&
        `Votre prochaine charge est ${a.next.description}, ${a.next.amount}, à payer le ${a.next.due}.`,
      a.lastPayment &&
        `Votre dernier paiement : ${a.lastPayment.amount} le ${a.lastPayment.on}${a.lastPayment.pending ? ' (en cours de traitement)' : ''}.`,
    ),
  charge: (c) =>
    lines(
      `Les ${c.amount} facturés le ${c.posted} sont « ${c.description} »,`,
      c.lateFee
        ? c.kind === 'interest'
          ? `des intérêts selon la règle de l’association (${c.lateFee.authority})${c.lateFee.onCharge ? ` sur « ${c.lateFee.onCharge} »` : ''}.`
          : `des frais de retard selon la règle de l’association (${c.lateFee.authority}) : ${c.lateFee.fee} quand une charge reste impayée ${c.lateFee.graceDays} jours après son échéance${c.lateFee.onCharge ? `, ici « ${c.lateFee.onCharge} »` : ''}.`
        : c.schedule
          ? `du barème « ${c.schedule.name} », adopté par ${c.schedule.adoptedBy}.`
          : `${kindNames.fr[c.kind]}.`,
      c.waivedOn
        ? `Ils ont été annulés le ${c.waivedOn}.`
        : c.isPaid
          ? 'Ils sont payés.'
          : c.open
            ? `Il en reste ${c.open} à payer (échéance le ${c.due}).`
            : `Ils restent dus, échéance le ${c.due}.`,
    ),
  percentOf: (percent) => `${percent} du montant en retard`,
  moreUnits: (count) => `Vous possédez ${count} autres lots : chacun a son compte sur la page Facturation.`,
  billingPage: 'Votre page Facturation montre chaque charge et chaque paiement, et vous pouvez y payer.',
  billingLink: 'Ouvrir Facturation',
  notFound: (amounts, manager) =>
    `Je ne trouve aucune charge de ${amounts} sur votre compte : j’ai demandé à ${manager ?? 'votre gestionnaire'} de vérifier ; il vous répondra dans la salle de travail.`,
  notOnAccount: (amounts) => `Je ne trouve aucune charge de ${amounts} sur votre compte.`,
};

const pt: AccountTexts = {
  account: (a) =>
    lines(
      `${a.unit} em ${a.property}:`,
      a.owes
        ? `você deve ${a.balance}${a.pastDue ? `, dos quais ${a.pastDue} estão vencidos` : ''}.`
        : 'você não deve nada hoje.',
      a.credit && `Você tem um crédito de ${a.credit}, que paga suas próximas cobranças.`,
      a.next &&
        `Sua próxima cobrança é ${a.next.description}, ${a.next.amount}, com vencimento em ${a.next.due}.`,
      a.lastPayment &&
        `Seu último pagamento foi de ${a.lastPayment.amount} em ${a.lastPayment.on}${a.lastPayment.pending ? ' (ainda em processamento)' : ''}.`,
    ),
  charge: (c) =>
    lines(
      `A cobrança de ${c.amount} de ${c.posted} é "${c.description}",`,
      c.lateFee
        ? c.kind === 'interest'
          ? `juros pela regra da associação (${c.lateFee.authority})${c.lateFee.onCharge ? ` sobre "${c.lateFee.onCharge}"` : ''}.`
          : `uma multa por atraso pela regra da associação (${c.lateFee.authority}): ${c.lateFee.fee} quando uma cobrança continua sem pagamento ${c.lateFee.graceDays} dias após o vencimento${c.lateFee.onCharge ? `, aqui "${c.lateFee.onCharge}"` : ''}.`
        : c.schedule
          ? `do plano "${c.schedule.name}", aprovado por ${c.schedule.adoptedBy}.`
          : `${kindNames.pt[c.kind]}.`,
      c.waivedOn
        ? `Ela foi perdoada em ${c.waivedOn}.`
        : c.isPaid
          ? 'Ela está paga.'
          : c.open
            ? `Ainda faltam ${c.open} (vencimento em ${c.due}).`
            : `Ela está em aberto, com vencimento em ${c.due}.`,
    ),
  percentOf: (percent) => `${percent} do valor em atraso`,
  moreUnits: (count) => `Você é dono de mais ${count} unidades: cada uma tem sua conta na página Cobrança.`,
  billingPage: 'Sua página Cobrança mostra cada cobrança e pagamento, e você pode pagar lá.',
  billingLink: 'Abrir Cobrança',
  notFound: (amounts, manager) =>
    `Não encontrei nenhuma cobrança de ${amounts} na sua conta, então pedi a ${manager ?? 'seu administrador'} que verifique; ele responderá na sala de trabalho.`,
  notOnAccount: (amounts) => `Não encontrei nenhuma cobrança de ${amounts} na sua conta.`,
};

const vi: AccountTexts = {
  account: (a) =>
    lines(
      `${a.unit} tại ${a.property}:`,
      a.owes
        ? `bạn đang nợ ${a.balance}${a.pastDue ? `, trong đó ${a.pastDue} đã quá hạn` : ''}.`
        : 'hôm nay bạn không nợ gì.',
      a.credit && `Bạn có khoản dư ${a.credit}, sẽ dùng để trả các khoản phí tiếp theo.`,
      a.next && `Khoản phí tiếp theo là ${a.next.description}, ${a.next.amount}, đến hạn ngày ${a.next.due}.`,
      a.lastPayment &&
        `Lần thanh toán gần nhất: ${a.lastPayment.amount} vào ngày ${a.lastPayment.on}${a.lastPayment.pending ? ' (đang xử lý)' : ''}.`,
    ),
  charge: (c) =>
    lines(
      `Khoản ${c.amount} tính ngày ${c.posted} là "${c.description}",`,
      c.lateFee
        ? c.kind === 'interest'
          ? `tiền lãi theo quy định của hiệp hội (${c.lateFee.authority})${c.lateFee.onCharge ? ` trên "${c.lateFee.onCharge}"` : ''}.`
          : `phí trễ hạn theo quy định của hiệp hội (${c.lateFee.authority}): ${c.lateFee.fee} khi một khoản phí vẫn chưa trả ${c.lateFee.graceDays} ngày sau ngày đến hạn${c.lateFee.onCharge ? `, ở đây là "${c.lateFee.onCharge}"` : ''}.`
        : c.schedule
          ? `theo lịch thu "${c.schedule.name}", được thông qua bởi ${c.schedule.adoptedBy}.`
          : `${kindNames.vi[c.kind]}.`,
      c.waivedOn
        ? `Khoản này đã được miễn vào ngày ${c.waivedOn}.`
        : c.isPaid
          ? 'Khoản này đã được trả.'
          : c.open
            ? `Còn nợ ${c.open} (đến hạn ngày ${c.due}).`
            : `Khoản này chưa trả, đến hạn ngày ${c.due}.`,
    ),
  percentOf: (percent) => `${percent} số tiền trễ hạn`,
  moreUnits: (count) => `Bạn còn sở hữu ${count} căn khác: mỗi căn có tài khoản riêng trên trang Thanh toán.`,
  billingPage: 'Trang Thanh toán của bạn liệt kê mọi khoản phí và thanh toán, và bạn có thể trả tiền tại đó.',
  billingLink: 'Mở trang Thanh toán',
  notFound: (amounts, manager) =>
    `Tôi không tìm thấy khoản phí ${amounts} nào trong tài khoản của bạn, nên tôi đã nhờ ${manager ?? 'quản lý của bạn'} kiểm tra; họ sẽ trả lời bạn trong phòng làm việc.`,
  notOnAccount: (amounts) => `Tôi không tìm thấy khoản phí ${amounts} nào trong tài khoản của bạn.`,
};

const zh: AccountTexts = {
  account: (a) =>
    [
      `${a.property} ${a.unit}：`,
      a.owes ? `您欠款 ${a.balance}${a.pastDue ? `，其中 ${a.pastDue} 已逾期` : ''}。` : '您今天没有欠款。',
      a.credit ? `您有 ${a.credit} 的余额，将用于支付下一笔费用。` : '',
      a.next ? `下一笔费用是 ${a.next.description}，${a.next.amount}，到期日 ${a.next.due}。` : '',
      a.lastPayment
        ? `您最近一次付款是 ${a.lastPayment.on} 的 ${a.lastPayment.amount}${a.lastPayment.pending ? '（仍在处理中）' : ''}。`
        : '',
    ].join(''),
  charge: (c) =>
    [
      `${c.posted} 收取的 ${c.amount} 是"${c.description}"，`,
      c.lateFee
        ? c.kind === 'interest'
          ? `按协会规定（${c.lateFee.authority}）收取的利息${c.lateFee.onCharge ? `，针对"${c.lateFee.onCharge}"` : ''}。`
          : `按协会规定（${c.lateFee.authority}）收取的滞纳金：费用到期 ${c.lateFee.graceDays} 天后仍未支付时收取 ${c.lateFee.fee}${c.lateFee.onCharge ? `，此处针对"${c.lateFee.onCharge}"` : ''}。`
        : c.schedule
          ? `来自"${c.schedule.name}"收费计划，由 ${c.schedule.adoptedBy} 通过。`
          : `${kindNames.zh[c.kind]}。`,
      c.waivedOn
        ? `已于 ${c.waivedOn} 免除。`
        : c.isPaid
          ? '已付清。'
          : c.open
            ? `仍欠 ${c.open}（到期日 ${c.due}）。`
            : `尚未支付，到期日 ${c.due}。`,
    ].join(''),
  percentOf: (percent) => `逾期金额的 ${percent}`,
  moreUnits: (count) => `您还拥有另外 ${count} 个单元：每个单元的账户都在"账单"页面上。`,
  billingPage: '您的"账单"页面列出每一笔费用和付款，您也可以在那里付款。',
  billingLink: '打开账单',
  notFound: (amounts, manager) =>
    `我在您的账户中没有找到 ${amounts} 的费用，所以已请 ${manager ?? '您的物业经理'} 核查；他们会在工作室中回复您。`,
  notOnAccount: (amounts) => `我在您的账户中没有找到 ${amounts} 的费用。`,
};

const kindNames: Record<AssistantLanguage, Record<ChargeKind, string>> = {
  en: {
    assessment: 'an assessment',
    special_assessment: 'a special assessment',
    late_fee: 'a late fee',
    interest: 'interest',
    fine: 'a fine',
    fee: 'a fee your manager charged',
    other: 'a charge your manager posted',
  },
  es: {
    assessment: 'una cuota',
    special_assessment: 'una cuota extraordinaria',
    late_fee: 'un recargo por mora',
    interest: 'intereses',
    fine: 'una multa',
    fee: 'un cargo de su administrador',
    other: 'un cargo que registró su administrador',
  },
  fr: {
    assessment: 'une cotisation',
    special_assessment: 'une cotisation spéciale',
    late_fee: 'des frais de retard',
    interest: 'des intérêts',
    fine: 'une amende',
    fee: 'des frais facturés par votre gestionnaire',
    other: 'une charge saisie par votre gestionnaire',
  },
  pt: {
    assessment: 'uma taxa condominial',
    special_assessment: 'uma taxa extra',
    late_fee: 'uma multa por atraso',
    interest: 'juros',
    fine: 'uma multa',
    fee: 'uma tarifa cobrada pelo seu administrador',
    other: 'uma cobrança lançada pelo seu administrador',
  },
  vi: {
    assessment: 'phí hiệp hội',
    special_assessment: 'phí đặc biệt',
    late_fee: 'phí trễ hạn',
    interest: 'tiền lãi',
    fine: 'tiền phạt',
    fee: 'phí do quản lý tính',
    other: 'khoản phí do quản lý ghi',
  },
  zh: {
    assessment: '会费',
    special_assessment: '特别会费',
    late_fee: '滞纳金',
    interest: '利息',
    fine: '罚款',
    fee: '物业经理收取的费用',
    other: '物业经理记录的费用',
  },
};

const texts: Record<AssistantLanguage, AccountTexts> = { en, es, fr, pt, vi, zh };

export const accountTextsIn = (language: AssistantLanguage): AccountTexts => texts[language];

/** Units told in full in one answer; the rest are counted, their accounts on the Billing page. */
export const unitsTold = 3;

export function formatAmount(cents: number, language: AssistantLanguage): string {
  return new Intl.NumberFormat(locales[language], { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A date of the books (YYYY-MM-DD), written out: "November 1, 2026". */
export function formatBookDate(day: string, language: AssistantLanguage): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** The answer about the owner's accounts, without the hand-over line (the caller adds it when needed). */
export function accountAnswer(facts: AccountAnswerFacts, language: AssistantLanguage): string {
  const say = texts[language];
  const money = (cents: number) => formatAmount(cents, language);
  const day = (date: string) => formatBookDate(date, language);
  const told = facts.accounts.slice(0, unitsTold);
  const blocks = told.map((account) =>
    [
      say.account(accountWords(account, money, day)),
      ...account.charges.map((c) => say.charge(chargeWords(c, language, money, day))),
    ].join('\n'),
  );
  const more = facts.accounts.length - told.length;
  return [...blocks, ...(more > 0 ? [say.moreUnits(more)] : []), say.billingPage].join('\n\n');
}

function accountWords(
  account: OwnerAccountFacts,
  money: (cents: number) => string,
  day: (date: string) => string,
): AccountWords {
  return {
    unit: account.unitLabel,
    property: account.propertyName,
    balance: money(account.balanceCents),
    owes: account.balanceCents > 0,
    pastDue: account.pastDueCents > 0 && account.balanceCents > 0 ? money(account.pastDueCents) : null,
    credit: account.creditCents > 0 ? money(account.creditCents) : null,
    next: account.nextCharge
      ? {
          description: account.nextCharge.description,
          amount: money(account.nextCharge.amountCents),
          due: day(account.nextCharge.dueOn),
        }
      : null,
    lastPayment: account.lastPayment
      ? {
          amount: money(account.lastPayment.amountCents),
          on: day(account.lastPayment.receivedOn),
          pending: account.lastPayment.status === 'pending',
        }
      : null,
  };
}

function chargeWords(
  charge: ExplainedCharge,
  language: AssistantLanguage,
  money: (cents: number) => string,
  day: (date: string) => string,
): ChargeWords {
  const rule = charge.lateFee;
  const percent =
    rule?.percentBp !== null && rule?.percentBp !== undefined && rule.percentBp > 0
      ? texts[language].percentOf(
          new Intl.NumberFormat(locales[language], { style: 'percent', maximumFractionDigits: 2 }).format(
            rule.percentBp / 10_000,
          ),
        )
      : null;
  const fixed = rule?.fixedCents ? money(rule.fixedCents) : null;
  return {
    amount: money(charge.amountCents),
    posted: day(charge.postedOn),
    due: day(charge.dueOn),
    description: charge.description,
    kind: charge.kind,
    open: charge.openCents > 0 && charge.openCents < charge.amountCents ? money(charge.openCents) : null,
    isPaid: charge.openCents === 0,
    waivedOn: charge.waivedOn ? day(charge.waivedOn) : null,
    schedule: charge.schedule,
    lateFee: rule
      ? {
          graceDays: rule.graceDays,
          fee: [fixed, percent].filter(Boolean).join(' + ') || money(charge.amountCents),
          authority: rule.authority,
          onCharge: rule.onCharge,
        }
      : null,
  };
}
