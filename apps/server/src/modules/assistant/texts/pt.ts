import type { AssistantTexts } from './types.ts';

/** What the built-in assistant says in Brazilian Portuguese. */
export const pt: AssistantTexts = {
  safety: {
    gas_leak:
      'Se sentir cheiro de gás, saia agora e leve todos com você. Não acenda nem apague luzes, não ligue ' +
      'nem desligue aparelhos, não use isqueiro nem fósforo, e não use o telefone até estar do lado de ' +
      'fora. Não tente encontrar o vazamento. Se puder, deixe a porta aberta ao sair. Quando estiver do ' +
      'lado de fora e longe do prédio, ligue para o número de emergência da companhia de gás ou para o ' +
      '911. Não volte a entrar até que a companhia de gás ou os bombeiros digam que é seguro.',
    fire_smoke:
      'Se houver fogo ou fumaça, saia agora e ligue para o 911 quando estiver do lado de fora. Avise as ' +
      'outras pessoas no caminho e acione o alarme de incêndio, se houver um. Não use o elevador. Antes de ' +
      'abrir uma porta fechada, toque nela com as costas da mão: se estiver quente, use outra saída. Fique ' +
      'abaixado, por baixo da fumaça, e feche as portas ao passar. Só tente apagar um fogo muito pequeno ' +
      'se tiver um extintor e uma saída livre; se não, saia. Não volte para dentro.',
    flooding:
      'Fique longe da água que estiver perto de tomadas, aparelhos, extensões ou do quadro de luz, e não ' +
      'ande por ela se ela puder estar em contato com a eletricidade. Se puder chegar até lá com ' +
      'segurança, feche a água no registro embaixo da pia, do vaso ou do aparelho, ou no registro geral da ' +
      'sua unidade. Se puder fazer isso sem pisar na água, desligue os disjuntores da área molhada. Não ' +
      'entre em nenhum cômodo onde o teto esteja cedendo ou estufado. Se alguém estiver em perigo, ligue ' +
      'para o 911.',
    electrical_hazard:
      'Fique longe da tomada, do interruptor ou dos fios desencapados que estão soltando faíscas, e ' +
      'mantenha crianças e animais de estimação longe. Não toque neles, nem em nada que esteja encostado ' +
      'neles, e nunca jogue água neles. Se puder chegar ao quadro de luz com segurança, com as mãos e o ' +
      'chão secos, desligue o disjuntor dessa área ou o disjuntor geral. Se vir fumaça ou chamas, ou se o ' +
      'cheiro de queimado ficar mais forte, saia e ligue para o 911 do lado de fora. Se alguém levou um ' +
      'choque, não toque na pessoa enquanto ela ainda puder estar em contato com a fonte; ligue para o 911.',
    no_heat_freezing:
      'Enquanto o aquecimento não estiver funcionando, mantenha todos aquecidos: várias camadas de roupa, ' +
      'cobertores e um só cômodo com a porta fechada. Use apenas aquecedores portáteis feitos para uso em ' +
      'ambientes internos, mantenha-os a 3 pés (1 m) de qualquer coisa que possa pegar fogo e desligue-os ' +
      'ao dormir ou ao sair. Nunca aqueça a casa com forno, fogão, churrasqueira ou gerador: eles podem ' +
      'causar intoxicação por monóxido de carbono. Para os canos não congelarem, deixe as torneiras ' +
      'pingando e abra as portas dos armários embaixo das pias. Se alguém estiver com muito frio, confuso ' +
      'ou passando mal (principalmente bebês, idosos ou pessoas doentes), vá para um lugar aquecido e ' +
      'ligue para o 911 se a pessoa precisar de atendimento médico.',
    carbon_monoxide:
      'Um alarme de monóxido de carbono quer dizer: saia agora. Leve todos, inclusive os animais de ' +
      'estimação, para fora, ao ar livre, imediatamente. Não pare para abrir janelas nem para procurar a ' +
      'causa. Ligue para o 911 ou para os bombeiros quando estiver do lado de fora. Se alguém estiver com ' +
      'dor de cabeça, tontura, enjoo, confusão ou sonolência, avise o atendente: quem tem esses sintomas ' +
      'precisa de atendimento médico. Não volte para dentro até que os bombeiros digam que é seguro, mesmo ' +
      'que o alarme pare.',
    injury:
      'Se alguém estiver ferido, ligue para o 911 agora se puder ser grave: sangramento forte, ferimento ' +
      'na cabeça, dificuldade para respirar, a pessoa não responde, não consegue se mexer ou pode ter ' +
      'quebrado um osso. Não mova a pessoa, a não ser que ela esteja em perigo onde está. Aperte com ' +
      'firmeza qualquer sangramento com um pano limpo. Fique com ela até a ajuda chegar; se ela não ' +
      'estiver respirando e você souber fazer, comece a RCP (reanimação cardiopulmonar). Mantenha as ' +
      'outras pessoas longe do que causou o ferimento.',
    person_trapped:
      'Se alguém estiver preso e em perigo — sem ar, com fumaça, com água subindo, uma criança ou alguém ' +
      'passando mal — ligue para o 911 agora. Quem estiver preso no elevador deve apertar o botão de ' +
      'alarme ou de chamada, manter a calma e ficar lá dentro: não deve tentar forçar as portas nem sair ' +
      'por cima, e não deixe ninguém do lado de fora abrir as portas à força. Converse com a pessoa ' +
      'através da porta e ajude-a a manter a calma até a ajuda chegar. Se uma criança estiver trancada em ' +
      'um carro ou em um cômodo, ligue para o 911 imediatamente.',
    structural_danger:
      'Tire todos do cômodo, e do prédio se uma parede, um piso, uma varanda ou uma escada estiver se ' +
      'mexendo, rachando ou cedendo. Não fique embaixo de um teto que esteja cedendo, estufado ou ' +
      'pingando, e não cutuque o teto. Se houver água, desligue a eletricidade dessa área somente se puder ' +
      'chegar ao disjuntor sem passar embaixo desse teto nem pisar na água. Se alguém estiver ferido ou ' +
      'preso, ou se o prédio puder desabar, ligue para o 911.',
    break_in:
      'Se alguém estiver invadindo ou já estiver dentro, proteja-se: saia se puder fazer isso com ' +
      'segurança, ou tranque-se em um cômodo, fique em silêncio e ligue para o 911. Não enfrente o ' +
      'invasor. Quando estiver em segurança, diga ao atendente seu endereço e o número da sua unidade, e ' +
      'não desligue. Não toque em nada que o invasor possa ter tocado até a polícia chegar.',
  },
  questions: {
    what: 'Qual é o problema? Conte o que está quebrado ou não está funcionando.',
    where: 'Onde fica: na sua unidade (em qual cômodo?) ou em uma área comum (qual?)?',
    urgency:
      'Qual é a urgência? Está piorando ou impedindo você de usar alguma coisa, ou pode esperar alguns ' +
      'dias?',
    entry:
      'Se você não estiver em casa, nossa equipe de manutenção pode entrar na sua unidade para fazer o ' +
      'conserto?',
  },
  statusNames: {
    new: 'recebida',
    pending: 'aguardando',
    in_progress: 'em andamento',
    completed: 'concluída',
    cancelled: 'cancelada',
  },
  replies: {
    created: (ref, summary, manager) =>
      `Obrigado — abri a ordem de serviço ${ref} ("${summary}"). Incluí ${manager ? `${manager}, administrador(a) do seu condomínio,` : 'o(a) administrador(a) do seu condomínio'} na sala de trabalho da ordem, onde você pode acompanhar o andamento e conversar com quem está cuidando do serviço.`,
    emergencyCreated: (ref, manager) =>
      `Abri a ordem de serviço de emergência ${ref} e avisei ${manager ?? 'seu administrador'} imediatamente. Siga primeiro as instruções de segurança acima; você pode acompanhar a ordem de serviço na sala de trabalho dela.`,
    escalated: (manager) =>
      `Pedi a ${manager ?? 'seu administrador'} que intervenha. Você vai receber a resposta na sala de trabalho assim que possível.`,
    noProperty:
      'Posso abrir solicitações de manutenção para moradores de um condomínio. Sua conta não está vinculada a uma unidade, então não criei nada — por favor, entre em contato com seu administrador.',
    photosAdded: (ref) =>
      `Obrigado — sua foto agora está na ordem de serviço ${ref}, onde seu gerente e o fornecedor podem vê-la.`,
    photosWhat:
      'Obrigado pela foto. Qual é o problema e onde fica? Diga em poucas palavras e eu abro uma solicitação com a sua foto anexada.',
    noWorkOrders: 'Você ainda não tem ordens de serviço. Diga o que precisa de conserto e eu abro uma.',
    statusIntro: 'Veja como estão suas solicitações:',
    citedAnswer: (name, section, page, quote) =>
      `Veja o que dizem os documentos da sua associação — "${name}", ${section ? `${section.replace(/^Section/, 'Seção')}, ` : ''}página ${page}:\n"${quote}"\nEsta é uma citação literal (no idioma do documento); seu administrador pode confirmar como ela se aplica ao seu caso.`,
    documentNotFound: (manager) =>
      `Não encontrei a resposta nos documentos da sua associação, então pedi a ${manager ?? 'seu administrador'} que responda a você.`,
    modelUnavailable:
      'Nosso modelo de IA não está respondendo agora, então o assistente integrado está ajudando você.',
    greeting: (name) =>
      `Olá, ${name}! Posso abrir solicitações de manutenção, dizer como estão suas solicitações, responder perguntas com base nos documentos da sua associação ou chamar uma pessoa. Como posso ajudar?`,
    acknowledgement: 'De nada! Estou aqui sempre que precisar de mais alguma coisa.',
    complaintFiled: (ref, manager) =>
      `Obrigado por nos avisar. Encaminhei seu relato para ${manager ?? 'seu administrador'} como ${ref}; o caso será analisado e você vai receber um retorno na sala de trabalho desse relato.`,
    cancelled: (ref, summary) => `Pronto — cancelei a ordem de serviço ${ref} ("${summary}").`,
    cancelWhich:
      'Qual solicitação devo cancelar? Diga o número dela (por exemplo, #1a2b3c4d) ou do que se trata.',
    cancelNothingOpen: 'Você não tem solicitações abertas para cancelar.',
    cancelAskedManager: (ref, manager) =>
      `O trabalho em ${ref} já começou, então pedi a ${manager ?? 'seu administrador'} que cancele ou altere a solicitação junto com você na sala de trabalho dela.`,
    handedOver: (topic, manager) =>
      `${
        {
          billing: 'Perguntas sobre taxas, saldos e pagamentos',
          lease: 'Perguntas sobre aluguel, venda ou mudança',
          amenity: 'Perguntas sobre áreas de lazer e reservas',
          other: 'Perguntas como esta',
        }[topic]
      } são respondidas por ${manager ?? 'seu administrador'}: encaminhei a sua, e a resposta virá na sala de trabalho.`,
    unclearUrgent: (manager) =>
      `Se alguém estiver em perigo, ligue para o 911 agora. Avisei ${manager ?? 'seu administrador'} para entrar em contato com você imediatamente.`,
    emptyMessage: 'Não recebi nenhum texto. Como posso ajudar?',
  },
};
