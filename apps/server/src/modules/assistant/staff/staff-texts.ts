import type { AssistantLanguage } from '@commonwise/contracts';

/** What the staff assistant says (issue 26 item 5), in each language the assistant replies in. */
export type StaffTexts = {
  /** Why an item is on the attention list. */
  reasons: { emergency: string; overdue: string; high: string; unassigned: string };
  due: (day: string) => string;
  more: (count: number) => string;
  attention: (total: number, where: string) => string;
  attentionNone: (where: string) => string;
  overdue: (total: number, where: string) => string;
  overdueNone: (where: string) => string;
  week: (total: number, where: string) => string;
  weekNone: (where: string) => string;
  /** "3 new, 2 in progress": status counts of the week. */
  weekStatuses: (counts: { status: string; count: number }[]) => string;
  weekEmergencies: (count: number) => string;
  weekCategories: (categories: string) => string;
  weekNewest: string;
  openCount: (total: number, where: string) => string;
  /** The properties a figure covers: "at Willow Creek Commons", "at your 2 properties". */
  at: (names: string[]) => string;
  noProperties: string;
  unknown: string;
  statusNames: Record<'new' | 'pending' | 'in_progress', string>;
};

const list = (names: string[], and: string) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;

const texts: Record<AssistantLanguage, StaffTexts> = {
  en: {
    reasons: {
      emergency: 'emergency',
      overdue: 'overdue',
      high: 'high priority',
      unassigned: 'new, no vendor',
    },
    due: (day) => `due ${day}`,
    more: (count) => `…and ${count} more.`,
    attention: (total, where) =>
      `${total} open work order${total === 1 ? '' : 's'} ${where} need${total === 1 ? 's' : ''} your attention, most urgent first:`,
    attentionNone: (where) =>
      `Nothing needs your attention ${where} right now: no emergencies, nothing overdue, no high-priority or unassigned new work orders.`,
    overdue: (total, where) => `${total} work order${total === 1 ? ' is' : 's are'} overdue ${where}:`,
    overdueNone: (where) => `No work orders are overdue ${where}.`,
    week: (total, where) =>
      `This week (the last 7 days) ${where}: ${total} new request${total === 1 ? '' : 's'}.`,
    weekNone: (where) => `No new requests this week (the last 7 days) ${where}.`,
    weekStatuses: (counts) => `Now: ${counts.map((c) => `${c.count} ${c.status}`).join(', ')}.`,
    weekEmergencies: (count) => `${count} ${count === 1 ? 'was an emergency' : 'were emergencies'}.`,
    weekCategories: (categories) => `Most common: ${categories}.`,
    weekNewest: 'Newest:',
    openCount: (total, where) => `${total} open request${total === 1 ? '' : 's'} ${where}.`,
    at: (names) => (names.length > 3 ? `across your ${names.length} properties` : `at ${list(names, 'and')}`),
    noProperties:
      'You do not manage or sit on the board of any property yet, so I have no work orders to tell you about.',
    unknown:
      'I cannot answer that yet. For your properties I can tell you what needs your attention today, which work orders are overdue, summarise this week\'s requests, or say how many open requests a property has — for example "which work orders are overdue at Willow Creek?"',
    statusNames: { new: 'new', pending: 'pending', in_progress: 'in progress' },
  },
  es: {
    reasons: {
      emergency: 'emergencia',
      overdue: 'vencida',
      high: 'prioridad alta',
      unassigned: 'nueva, sin proveedor',
    },
    due: (day) => `vence ${day}`,
    more: (count) => `…y ${count} más.`,
    attention: (total, where) =>
      `${total} orden${total === 1 ? '' : 'es'} de trabajo abierta${total === 1 ? '' : 's'} ${where} requiere${total === 1 ? '' : 'n'} su atención, de la más urgente a la menos:`,
    attentionNone: (where) =>
      `Nada requiere su atención ${where} por ahora: sin emergencias, nada vencido, ninguna orden nueva de prioridad alta o sin asignar.`,
    overdue: (total, where) =>
      `${total} orden${total === 1 ? '' : 'es'} de trabajo vencida${total === 1 ? '' : 's'} ${where}:`,
    overdueNone: (where) => `No hay órdenes de trabajo vencidas ${where}.`,
    week: (total, where) =>
      `Esta semana (últimos 7 días) ${where}: ${total} solicitud${total === 1 ? '' : 'es'} nueva${total === 1 ? '' : 's'}.`,
    weekNone: (where) => `No hubo solicitudes nuevas esta semana (últimos 7 días) ${where}.`,
    weekStatuses: (counts) => `Ahora: ${counts.map((c) => `${c.count} ${c.status}`).join(', ')}.`,
    weekEmergencies: (count) =>
      `${count} fue${count === 1 ? '' : 'ron'} emergencia${count === 1 ? '' : 's'}.`,
    weekCategories: (categories) => `Lo más frecuente: ${categories}.`,
    weekNewest: 'Las más recientes:',
    openCount: (total, where) =>
      `${total} solicitud${total === 1 ? '' : 'es'} abierta${total === 1 ? '' : 's'} ${where}.`,
    at: (names) => (names.length > 3 ? `en sus ${names.length} propiedades` : `en ${list(names, 'y')}`),
    noProperties:
      'Todavía no administra ninguna propiedad ni forma parte de su junta, así que no tengo órdenes de trabajo que mostrarle.',
    unknown:
      'Todavía no puedo responder a eso. Para sus propiedades puedo decirle qué requiere su atención hoy, qué órdenes de trabajo están vencidas, resumir las solicitudes de esta semana o cuántas solicitudes abiertas tiene una propiedad.',
    statusNames: { new: 'nuevas', pending: 'en espera', in_progress: 'en curso' },
  },
  pt: {
    reasons: {
      emergency: 'emergência',
      overdue: 'atrasada',
      high: 'prioridade alta',
      unassigned: 'nova, sem prestador',
    },
    due: (day) => `prazo ${day}`,
    more: (count) => `…e mais ${count}.`,
    attention: (total, where) =>
      `${total} ordem${total === 1 ? '' : 'ns'} de serviço aberta${total === 1 ? '' : 's'} ${where} precisa${total === 1 ? '' : 'm'} da sua atenção, da mais urgente para a menos:`,
    attentionNone: (where) =>
      `Nada precisa da sua atenção ${where} agora: sem emergências, nada atrasado, nenhuma ordem nova de prioridade alta ou sem responsável.`,
    overdue: (total, where) =>
      `${total} ordem${total === 1 ? '' : 'ns'} de serviço atrasada${total === 1 ? '' : 's'} ${where}:`,
    overdueNone: (where) => `Nenhuma ordem de serviço atrasada ${where}.`,
    week: (total, where) =>
      `Esta semana (últimos 7 dias) ${where}: ${total} pedido${total === 1 ? '' : 's'} novo${total === 1 ? '' : 's'}.`,
    weekNone: (where) => `Nenhum pedido novo esta semana (últimos 7 dias) ${where}.`,
    weekStatuses: (counts) => `Agora: ${counts.map((c) => `${c.count} ${c.status}`).join(', ')}.`,
    weekEmergencies: (count) => `${count} ${count === 1 ? 'foi emergência' : 'foram emergências'}.`,
    weekCategories: (categories) => `Mais comuns: ${categories}.`,
    weekNewest: 'Mais recentes:',
    openCount: (total, where) =>
      `${total} pedido${total === 1 ? '' : 's'} aberto${total === 1 ? '' : 's'} ${where}.`,
    at: (names) => (names.length > 3 ? `nas suas ${names.length} propriedades` : `em ${list(names, 'e')}`),
    noProperties:
      'Você ainda não administra nenhuma propriedade nem faz parte de um conselho, então não tenho ordens de serviço para mostrar.',
    unknown:
      'Ainda não consigo responder a isso. Para as suas propriedades posso dizer o que precisa da sua atenção hoje, quais ordens de serviço estão atrasadas, resumir os pedidos desta semana ou quantos pedidos abertos uma propriedade tem.',
    statusNames: { new: 'novos', pending: 'em espera', in_progress: 'em andamento' },
  },
  fr: {
    reasons: {
      emergency: 'urgence',
      overdue: 'en retard',
      high: 'priorité haute',
      unassigned: 'nouveau, sans prestataire',
    },
    due: (day) => `échéance ${day}`,
    more: (count) => `…et ${count} de plus.`,
    attention: (total, where) =>
      `${total} bon${total === 1 ? '' : 's'} de travail ouvert${total === 1 ? '' : 's'} ${where} demande${total === 1 ? '' : 'nt'} votre attention, du plus urgent au moins urgent :`,
    attentionNone: (where) =>
      `Rien ne demande votre attention ${where} pour l'instant : pas d'urgence, rien en retard, aucun nouveau bon prioritaire ou non attribué.`,
    overdue: (total, where) => `${total} bon${total === 1 ? '' : 's'} de travail en retard ${where} :`,
    overdueNone: (where) => `Aucun bon de travail en retard ${where}.`,
    week: (total, where) =>
      `Cette semaine (7 derniers jours) ${where} : ${total} nouvelle${total === 1 ? '' : 's'} demande${total === 1 ? '' : 's'}.`,
    weekNone: (where) => `Aucune nouvelle demande cette semaine (7 derniers jours) ${where}.`,
    weekStatuses: (counts) => `Maintenant : ${counts.map((c) => `${c.count} ${c.status}`).join(', ')}.`,
    weekEmergencies: (count) => `${count} ${count === 1 ? 'était une urgence' : 'étaient des urgences'}.`,
    weekCategories: (categories) => `Les plus fréquentes : ${categories}.`,
    weekNewest: 'Les plus récentes :',
    openCount: (total, where) =>
      `${total} demande${total === 1 ? '' : 's'} ouverte${total === 1 ? '' : 's'} ${where}.`,
    at: (names) => (names.length > 3 ? `dans vos ${names.length} propriétés` : `à ${list(names, 'et')}`),
    noProperties:
      "Vous ne gérez encore aucune propriété et ne siégez à aucun conseil : je n'ai pas de bons de travail à vous montrer.",
    unknown:
      "Je ne peux pas encore répondre à cela. Pour vos propriétés, je peux vous dire ce qui demande votre attention aujourd'hui, quels bons de travail sont en retard, résumer les demandes de la semaine ou dire combien de demandes ouvertes a une propriété.",
    statusNames: { new: 'nouvelles', pending: 'en attente', in_progress: 'en cours' },
  },
  zh: {
    reasons: { emergency: '紧急', overdue: '逾期', high: '高优先级', unassigned: '新建，未指派供应商' },
    due: (day) => `截止 ${day}`,
    more: (count) => `……还有 ${count} 个。`,
    attention: (total, where) => `${where}有 ${total} 个未完成的工单需要您处理，按紧急程度排列：`,
    attentionNone: (where) => `${where}目前没有需要您处理的事项：没有紧急、逾期、高优先级或未指派的新工单。`,
    overdue: (total, where) => `${where}有 ${total} 个工单逾期：`,
    overdueNone: (where) => `${where}没有逾期的工单。`,
    week: (total, where) => `本周（最近 7 天）${where}：${total} 个新请求。`,
    weekNone: (where) => `本周（最近 7 天）${where}没有新请求。`,
    weekStatuses: (counts) => `目前：${counts.map((c) => `${c.status} ${c.count} 个`).join('，')}。`,
    weekEmergencies: (count) => `其中 ${count} 个是紧急情况。`,
    weekCategories: (categories) => `最常见：${categories}。`,
    weekNewest: '最新：',
    openCount: (total, where) => `${where}有 ${total} 个未完成的请求。`,
    at: (names) => (names.length > 3 ? `在您的 ${names.length} 个物业` : `在 ${names.join('、')} `),
    noProperties: '您目前没有管理任何物业，也不是任何董事会成员，所以没有可以显示的工单。',
    unknown:
      '我暂时无法回答这个问题。对于您的物业，我可以告诉您今天需要处理什么、哪些工单逾期、总结本周的请求，或某个物业有多少未完成的请求。',
    statusNames: { new: '新建', pending: '等待中', in_progress: '进行中' },
  },
  vi: {
    reasons: {
      emergency: 'khẩn cấp',
      overdue: 'quá hạn',
      high: 'ưu tiên cao',
      unassigned: 'mới, chưa có nhà thầu',
    },
    due: (day) => `hạn ${day}`,
    more: (count) => `…và ${count} mục khác.`,
    attention: (total, where) =>
      `${total} lệnh công việc đang mở ${where} cần bạn chú ý, khẩn cấp nhất trước:`,
    attentionNone: (where) =>
      `Hiện không có việc gì cần bạn chú ý ${where}: không có việc khẩn cấp, quá hạn, ưu tiên cao hay mới chưa giao.`,
    overdue: (total, where) => `${total} lệnh công việc quá hạn ${where}:`,
    overdueNone: (where) => `Không có lệnh công việc nào quá hạn ${where}.`,
    week: (total, where) => `Tuần này (7 ngày qua) ${where}: ${total} yêu cầu mới.`,
    weekNone: (where) => `Không có yêu cầu mới trong tuần này (7 ngày qua) ${where}.`,
    weekStatuses: (counts) => `Hiện tại: ${counts.map((c) => `${c.count} ${c.status}`).join(', ')}.`,
    weekEmergencies: (count) => `${count} là trường hợp khẩn cấp.`,
    weekCategories: (categories) => `Thường gặp nhất: ${categories}.`,
    weekNewest: 'Mới nhất:',
    openCount: (total, where) => `${total} yêu cầu đang mở ${where}.`,
    at: (names) =>
      names.length > 3 ? `tại ${names.length} bất động sản của bạn` : `tại ${list(names, 'và')}`,
    noProperties:
      'Bạn chưa quản lý hay ngồi trong ban quản trị của bất động sản nào, nên tôi chưa có lệnh công việc nào để cho bạn biết.',
    unknown:
      'Tôi chưa trả lời được câu này. Với các bất động sản của bạn, tôi có thể cho biết việc gì cần bạn chú ý hôm nay, lệnh công việc nào quá hạn, tóm tắt các yêu cầu tuần này, hoặc một bất động sản có bao nhiêu yêu cầu đang mở.',
    statusNames: { new: 'mới', pending: 'đang chờ', in_progress: 'đang xử lý' },
  },
};

export const staffTextsIn = (language: AssistantLanguage): StaffTexts => texts[language];
