import type { AssistantTexts } from './types.ts';

/** What the built-in assistant says in French. */
export const fr: AssistantTexts = {
  safety: {
    gas_leak:
      "Si vous sentez une odeur de gaz, sortez maintenant et emmenez tout le monde avec vous. N'allumez et " +
      "n'éteignez aucune lumière ni aucun appareil, n'utilisez ni briquet ni allumette, et n'utilisez pas " +
      "votre téléphone avant d'être dehors. N'essayez pas de trouver la fuite. Si vous le pouvez, laissez " +
      "la porte ouverte derrière vous. Une fois dehors et loin du bâtiment, appelez la ligne d'urgence de " +
      "la compagnie de gaz ou le 911. Ne retournez pas à l'intérieur avant que la compagnie de gaz ou les " +
      "pompiers vous disent que c'est sans danger.",
    fire_smoke:
      "S'il y a du feu ou de la fumée, sortez maintenant et appelez le 911 une fois dehors. Prévenez les " +
      "autres en sortant et déclenchez l'alarme incendie s'il y en a une. Ne prenez pas l'ascenseur. Avant " +
      "d'ouvrir une porte fermée, touchez-la avec le dos de la main : si elle est chaude, prenez une autre " +
      "sortie. Baissez-vous pour rester sous la fumée, et fermez les portes derrière vous. N'essayez " +
      "d'éteindre un très petit feu que si vous avez un extincteur et une sortie dégagée ; sinon, sortez. " +
      "Ne retournez pas à l'intérieur.",
    flooding:
      "Restez loin de l'eau qui se trouve près de prises, d'appareils, de rallonges électriques ou du " +
      "tableau électrique, et ne marchez pas dedans si elle peut toucher l'électricité. Si vous pouvez y " +
      "accéder sans danger, fermez l'eau au robinet d'arrêt sous l'évier, la toilette ou l'appareil, ou au " +
      "robinet d'arrêt principal de votre logement. Si vous pouvez le faire sans être debout dans l'eau, " +
      "coupez les disjoncteurs de la zone mouillée. N'entrez dans aucune pièce où le plafond s'affaisse ou " +
      "gonfle. Si quelqu'un est en danger, appelez le 911.",
    electrical_hazard:
      "Restez loin de la prise, de l'interrupteur ou des fils dénudés qui font des étincelles, et éloignez " +
      'les enfants et les animaux de compagnie. Ne les touchez pas, ni rien de ce qui les touche, et ne ' +
      "jetez jamais d'eau dessus. Si vous pouvez atteindre votre tableau électrique sans danger, les mains " +
      'sèches et le sol sec, coupez le disjoncteur de cette zone ou le disjoncteur principal. Si vous ' +
      "voyez de la fumée ou des flammes, ou si l'odeur de brûlé devient plus forte, sortez et appelez le " +
      "911 de l'extérieur. Si quelqu'un a reçu un choc électrique, ne touchez pas la personne tant qu'elle " +
      'peut encore toucher la source ; appelez le 911.',
    no_heat_freezing:
      'Tant que le chauffage ne fonctionne pas, gardez tout le monde au chaud : plusieurs couches de ' +
      "vêtements, des couvertures, et une seule pièce avec la porte fermée. N'utilisez que des radiateurs " +
      "d'appoint conçus pour l'intérieur, placez-les à 3 pieds (1 m) de tout ce qui peut brûler, et " +
      'éteignez-les quand vous dormez ou sortez. Ne chauffez jamais votre logement avec un four, une ' +
      'cuisinière, un barbecue ou une génératrice (groupe électrogène) : ils peuvent causer une ' +
      'intoxication au monoxyde de carbone. Pour éviter que les tuyaux gèlent, laissez les robinets couler ' +
      "goutte à goutte et ouvrez les portes des meubles sous les éviers. Si quelqu'un a très froid, est " +
      'confus ou ne se sent pas bien (surtout les bébés, les personnes âgées ou les personnes malades), ' +
      'allez dans un endroit chaud, et appelez le 911 si la personne a besoin de soins médicaux.',
    carbon_monoxide:
      'Une alarme de monoxyde de carbone veut dire : sortez maintenant. Emmenez tout le monde, y compris ' +
      "les animaux de compagnie, dehors à l'air frais tout de suite. Ne vous arrêtez pas pour ouvrir les " +
      "fenêtres ou pour chercher la cause. Appelez le 911 ou les pompiers une fois dehors. Si quelqu'un a " +
      'mal à la tête, des étourdissements, des nausées, de la confusion ou de la somnolence, dites-le à la ' +
      'personne qui prend votre appel : la personne qui a ces symptômes a besoin de soins médicaux. Ne ' +
      "retournez pas à l'intérieur avant que les pompiers vous disent que c'est sans danger, même si " +
      "l'alarme s'arrête.",
    injury:
      "Si quelqu'un est blessé, appelez le 911 maintenant si cela peut être grave : saignement abondant, " +
      'blessure à la tête, difficulté à respirer, la personne ne réagit pas, ne peut pas bouger ou a ' +
      'peut-être un os cassé. Ne déplacez pas la personne, sauf si elle est en danger là où elle se ' +
      "trouve. Appuyez fermement sur tout saignement avec un tissu propre. Restez avec elle jusqu'à " +
      "l'arrivée des secours ; si elle ne respire pas et que vous savez le faire, commencez la réanimation " +
      '(massage cardiaque). Tenez les autres personnes loin de ce qui a causé la blessure.',
    person_trapped:
      "Si quelqu'un est coincé et en danger (pas d'air, de la fumée, de l'eau qui monte, un enfant ou une " +
      'personne qui ne se sent pas bien), appelez le 911 maintenant. Une personne bloquée dans un ' +
      "ascenseur doit appuyer sur le bouton d'alarme ou d'appel, rester calme et rester à l'intérieur : " +
      'elle ne doit pas essayer de forcer les portes ni de sortir en grimpant. Ne laissez personne à ' +
      "l'extérieur les ouvrir de force. Parlez à la personne à travers la porte et aidez-la à rester calme " +
      "jusqu'à l'arrivée des secours. Si un enfant est enfermé dans une voiture ou dans une pièce, appelez " +
      'le 911 tout de suite.',
    structural_danger:
      'Faites sortir tout le monde de la pièce, et du bâtiment si un mur, un plancher, un balcon ou un ' +
      "escalier bouge, se fissure ou cède. Ne restez pas sous un plafond qui s'affaisse, qui gonfle ou " +
      "d'où de l'eau goutte, et ne le touchez pas. S'il y a de l'eau, coupez l'électricité de cette zone " +
      'seulement si vous pouvez atteindre le disjoncteur sans passer sous ce plafond ni être debout dans ' +
      "l'eau. Si quelqu'un est blessé ou coincé, ou si le bâtiment risque de s'effondrer, appelez le 911.",
    break_in:
      "Si quelqu'un est en train d'entrer par effraction ou est déjà à l'intérieur, mettez-vous en " +
      'sécurité : sortez si vous pouvez le faire sans danger, ou enfermez-vous dans une pièce, ne faites ' +
      "pas de bruit et appelez le 911. N'affrontez pas l'intrus. Une fois en sécurité, donnez votre " +
      'adresse et votre numéro de logement à la personne qui prend votre appel, et restez en ligne. Ne ' +
      "touchez à rien de ce que l'intrus a pu toucher avant le passage de la police.",
  },
  questions: {
    what: 'Quel est le problème ? Dites-moi ce qui est cassé ou ce qui ne fonctionne pas.',
    where: 'Où est-ce : dans votre logement (quelle pièce ?) ou dans un espace commun (lequel ?) ?',
    urgency:
      "À quel point est-ce urgent ? Est-ce que ça s'aggrave ou ça vous empêche d'utiliser quelque chose, " +
      'ou est-ce que ça peut attendre quelques jours ?',
    entry:
      "Si vous n'êtes pas chez vous, notre équipe d'entretien peut-elle entrer dans votre logement pour " +
      'faire la réparation ?',
  },
  statusNames: {
    new: 'reçu',
    pending: 'en attente',
    in_progress: 'en cours',
    completed: 'terminé',
    cancelled: 'annulé',
  },
  replies: {
    created: (ref, summary, manager) =>
      `Merci — j'ai ouvert le bon de travail ${ref} ("${summary}"). J'ai ajouté ${manager ? `${manager}, votre gestionnaire immobilier,` : 'votre gestionnaire immobilier'} à la salle de travail de ce bon, où vous pouvez suivre l'avancement et discuter avec les personnes qui s'en occupent.`,
    emergencyCreated: (ref, manager) =>
      `J'ai ouvert le bon de travail d'urgence ${ref} et j'ai prévenu ${manager ?? 'votre gestionnaire'} immédiatement. Suivez d'abord les consignes de sécurité ci-dessus ; vous pouvez suivre le bon de travail dans sa salle de travail.`,
    escalated: (manager) =>
      `J'ai demandé à ${manager ?? 'votre gestionnaire'} d'intervenir. Vous recevrez une réponse dans la salle de travail dès que possible.`,
    noProperty:
      "Je peux ouvrir des demandes d'entretien pour les résidents d'une propriété. Votre compte n'est lié à aucun logement, je n'ai donc rien créé — veuillez contacter votre gestionnaire.",
    photosAdded: (ref) =>
      `Merci — votre photo est maintenant jointe à l’ordre de travail ${ref}, où votre gestionnaire et le prestataire peuvent la voir.`,
    photosWhat:
      'Merci pour la photo. Quel est le problème, et où se trouve-t-il ? Dites-le-moi en quelques mots et j’ouvrirai une demande avec votre photo jointe.',
    noWorkOrders:
      "Vous n'avez encore aucun bon de travail. Dites-moi ce qu'il faut réparer et j'en ouvrirai un.",
    statusIntro: 'Voici où en sont vos demandes :',
    citedAnswer: (name, section, page, quote) =>
      `Voici ce que disent les documents de votre association — "${name}", ${section ? `${section}, ` : ''}page ${page} :\n"${quote}"\nCeci est une citation mot pour mot (dans la langue du document) ; votre gestionnaire peut confirmer comment elle s'applique à votre cas.`,
    documentNotFound: (manager) =>
      `Je n'ai pas trouvé de réponse dans les documents de votre association ; j'ai donc demandé à ${manager ?? 'votre gestionnaire'} de vous répondre.`,
    modelUnavailable:
      "Notre modèle d'IA ne répond pas pour le moment ; c'est donc l'assistant intégré qui vous aide.",
    greeting: (name) =>
      `Bonjour ${name} ! Je peux ouvrir des demandes d'entretien, vous dire où en sont vos demandes, répondre à vos questions à partir des documents de votre association ou faire appel à une personne. Que puis-je faire pour vous ?`,
    acknowledgement: "Avec plaisir ! Je suis là si vous avez besoin d'autre chose.",
    complaintFiled: (ref, manager) =>
      `Merci de nous l'avoir signalé. J'ai transmis votre signalement à ${manager ?? 'votre gestionnaire'} sous le numéro ${ref} ; la situation sera examinée et vous aurez un suivi dans la salle de travail de ce signalement.`,
    cancelled: (ref, summary) => `C'est fait — j'ai annulé le bon de travail ${ref} ("${summary}").`,
    cancelWhich:
      "Quelle demande dois-je annuler ? Donnez-moi son numéro (par exemple #1a2b3c4d) ou dites-moi de quoi il s'agit.",
    cancelNothingOpen: "Vous n'avez aucune demande en cours à annuler.",
    cancelAskedManager: (ref, manager) =>
      `Les travaux ont déjà commencé pour le bon de travail ${ref} ; j'ai donc demandé à ${manager ?? 'votre gestionnaire'} de l'annuler ou de le modifier avec vous dans sa salle de travail.`,
    handedOver: (topic, manager) =>
      `${
        {
          billing: 'Les questions sur les cotisations, les soldes et les paiements',
          lease: 'Les questions sur la location, la vente ou les déménagements',
          amenity: 'Les questions sur les installations communes et les réservations',
          other: 'Les questions comme celle-ci',
        }[topic]
      } sont traitées par ${manager ?? 'votre gestionnaire'} : je lui ai transmis la vôtre, et vous aurez une réponse dans la salle de travail.`,
    unclearUrgent: (manager) =>
      `Si quelqu'un est en danger, appelez le 911 maintenant. J'ai prévenu ${manager ?? 'votre gestionnaire'}, qui va vous contacter immédiatement.`,
    emptyMessage: "Je n'ai reçu aucun texte. Comment puis-je vous aider ?",
  },
};
