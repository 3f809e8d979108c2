import i18next, { type TFunction } from 'i18next';
import type { LanguageCode } from '../../../src-shared/constants/enums';

/** The e-mails' texts in the four languages, rendered with i18next like every other text. */
const resources = {
  en: {
    email: {
      greeting: 'Hello {{name}},',
      signature: 'The AfriVest team',
      footer:
        'You receive this e-mail because of your account at AfriVest. If this was not you, ignore this e-mail.',
      codeValid: 'The code is valid for 10 minutes and can be used once.',
      verify: {
        subject: 'Your AfriVest verification code: {{code}}',
        intro: 'Welcome to AfriVest! Enter this code to verify your e-mail address:',
        link: 'Or open this page and enter the code: {{url}}',
      },
      reset: {
        subject: 'Reset your AfriVest password',
        intro: 'We received a request to reset your password. Your code:',
        link: 'Open this page to choose a new password: {{url}}',
      },
      changeEmail: {
        subject: 'Confirm your new AfriVest e-mail address',
        intro: 'Enter this code in your profile to confirm your new e-mail address:',
      },
      kycReceived: {
        subject: 'We received your identity documents',
        intro:
          'Thank you! We received your identity documents and will review them, usually within one business day. We will e-mail you the result.',
      },
      kycApproved: {
        subject: 'Your identity is verified',
        intro: 'Good news: your identity is verified. You can now invest in ventures on AfriVest.',
        link: 'Browse the ventures: {{url}}',
      },
      kycRejected: {
        subject: 'Your identity verification was not approved',
        intro: 'We could not approve your identity verification.',
        reason: 'Reason: {{reason}}',
        link: 'You can start a new verification on this page: {{url}}',
      },
      ticketReceived: {
        subject: 'Ticket #{{number}} received: {{title}}',
        intro:
          'Thank you for contacting us. Your ticket #{{number}} "{{title}}" is open; our team will answer you in its thread.',
        complaint: 'We handle it as a complaint and will answer by {{date}} at the latest (10 working days).',
        link: 'Follow your ticket here: {{url}}',
      },
      ticketReply: {
        subject: 'New reply to your ticket #{{number}}: {{title}}',
        intro: 'Our team replied to your ticket #{{number}} "{{title}}":',
        link: 'Read the thread and reply here: {{url}}',
      },
      loanDueSoon: {
        subject: 'Your instalment for {{title}} is due on {{date}}',
        intro:
          'A reminder: the instalment of {{amount}} for your loan "{{title}}" is due on {{date}}. Please make sure your AfriVest balance covers it and pay it from the venture page.',
        link: 'Pay it here: {{url}}',
      },
      loanLate1: {
        subject: 'Your instalment for {{title}} is overdue',
        intro:
          'The instalment of your loan "{{title}}" due on {{date}} has not been paid. Late interest now accrues every day on the unpaid principal. Please pay {{amount}} as soon as possible.',
        link: 'Pay it here: {{url}}',
      },
      loanLate15: {
        subject: 'Your loan {{title}} is {{days}} days late',
        intro:
          'Your loan "{{title}}" is {{days}} days past due: {{amount}} is overdue, with late interest accruing daily. A loan more than 90 days past due is declared in default. Please pay or contact us now.',
        link: 'Pay it here: {{url}}',
      },
      loanDefault: {
        subject: 'The loan {{title}} is in default',
        intro:
          'The loan "{{title}}" that you invested in is in default. We are starting to recover what is owed; your outstanding principal in it is {{amount}}. We will credit you pro rata whatever we recover.',
        link: 'Follow your investment here: {{url}}',
      },
      loanWrittenOff: {
        subject: 'The loan {{title}} has been written off',
        intro:
          'The loan "{{title}}" that you invested in has been written off: {{amount}} of your principal is not expected to be repaid and now counts as bad debt in your portfolio.',
        link: 'See your investment here: {{url}}',
      },
      balanceCredited: {
        subject: 'Your deposit of {{amount}} is credited',
        intro: 'Your bank transfer has arrived: we credited {{amount}} to your AfriVest balance.',
        balance: 'Your new balance is {{balance}}.',
        link: 'See your balance and its history here: {{url}}',
      },
    },
  },
  de: {
    email: {
      greeting: 'Hallo {{name}},',
      signature: 'Ihr AfriVest-Team',
      footer:
        'Sie erhalten diese E-Mail wegen Ihres Kontos bei AfriVest. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail.',
      codeValid: 'Der Code ist 10 Minuten gültig und kann einmal verwendet werden.',
      verify: {
        subject: 'Ihr AfriVest-Bestätigungscode: {{code}}',
        intro: 'Willkommen bei AfriVest! Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen:',
        link: 'Oder öffnen Sie diese Seite und geben Sie den Code ein: {{url}}',
      },
      reset: {
        subject: 'Ihr AfriVest-Passwort zurücksetzen',
        intro: 'Wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten. Ihr Code:',
        link: 'Öffnen Sie diese Seite, um ein neues Passwort zu wählen: {{url}}',
      },
      changeEmail: {
        subject: 'Bestätigen Sie Ihre neue AfriVest-E-Mail-Adresse',
        intro: 'Geben Sie diesen Code in Ihrem Profil ein, um Ihre neue E-Mail-Adresse zu bestätigen:',
      },
      kycReceived: {
        subject: 'Wir haben Ihre Ausweisdokumente erhalten',
        intro:
          'Vielen Dank! Wir haben Ihre Ausweisdokumente erhalten und prüfen sie, in der Regel innerhalb eines Werktags. Wir informieren Sie per E-Mail über das Ergebnis.',
      },
      kycApproved: {
        subject: 'Ihre Identität ist bestätigt',
        intro:
          'Gute Nachricht: Ihre Identität ist bestätigt. Sie können jetzt in Projekte auf AfriVest investieren.',
        link: 'Zu den Projekten: {{url}}',
      },
      kycRejected: {
        subject: 'Ihre Identitätsprüfung wurde nicht bestätigt',
        intro: 'Wir konnten Ihre Identitätsprüfung nicht bestätigen.',
        reason: 'Grund: {{reason}}',
        link: 'Auf dieser Seite können Sie eine neue Prüfung beginnen: {{url}}',
      },
      ticketReceived: {
        subject: 'Ticket #{{number}} erhalten: {{title}}',
        intro:
          'Vielen Dank für Ihre Nachricht. Ihr Ticket #{{number}} „{{title}}“ ist eröffnet; unser Team antwortet Ihnen im Verlauf des Tickets.',
        complaint:
          'Wir bearbeiten es als Beschwerde und antworten spätestens bis zum {{date}} (10 Werktage).',
        link: 'Hier verfolgen Sie Ihr Ticket: {{url}}',
      },
      ticketReply: {
        subject: 'Neue Antwort zu Ihrem Ticket #{{number}}: {{title}}',
        intro: 'Unser Team hat auf Ihr Ticket #{{number}} „{{title}}“ geantwortet:',
        link: 'Hier lesen Sie den Verlauf und antworten: {{url}}',
      },
      loanDueSoon: {
        subject: 'Ihre Rate für {{title}} ist am {{date}} fällig',
        intro:
          'Eine Erinnerung: Die Rate von {{amount}} für Ihr Darlehen „{{title}}“ ist am {{date}} fällig. Bitte sorgen Sie dafür, dass Ihr AfriVest-Guthaben sie deckt, und zahlen Sie sie auf der Seite des Projekts.',
        link: 'Hier zahlen Sie: {{url}}',
      },
      loanLate1: {
        subject: 'Ihre Rate für {{title}} ist überfällig',
        intro:
          'Die am {{date}} fällige Rate Ihres Darlehens „{{title}}“ wurde nicht bezahlt. Ab jetzt fallen täglich Verzugszinsen auf das offene Kapital an. Bitte zahlen Sie {{amount}} so bald wie möglich.',
        link: 'Hier zahlen Sie: {{url}}',
      },
      loanLate15: {
        subject: 'Ihr Darlehen {{title}} ist {{days}} Tage im Verzug',
        intro:
          'Ihr Darlehen „{{title}}“ ist seit {{days}} Tagen überfällig: {{amount}} sind fällig, und täglich kommen Verzugszinsen hinzu. Ein Darlehen, das mehr als 90 Tage im Verzug ist, gilt als ausgefallen. Bitte zahlen Sie jetzt oder nehmen Sie Kontakt mit uns auf.',
        link: 'Hier zahlen Sie: {{url}}',
      },
      loanDefault: {
        subject: 'Das Darlehen {{title}} ist ausgefallen',
        intro:
          'Das Darlehen „{{title}}“, in das Sie investiert haben, ist ausgefallen. Wir beginnen, die offenen Beträge einzutreiben; Ihr ausstehendes Kapital darin beträgt {{amount}}. Was wir zurückerhalten, schreiben wir Ihnen anteilig gut.',
        link: 'Hier verfolgen Sie Ihre Investition: {{url}}',
      },
      loanWrittenOff: {
        subject: 'Das Darlehen {{title}} wurde abgeschrieben',
        intro:
          'Das Darlehen „{{title}}“, in das Sie investiert haben, wurde abgeschrieben: {{amount}} Ihres Kapitals werden voraussichtlich nicht zurückgezahlt und zählen in Ihrem Portfolio nun als Forderungsausfall.',
        link: 'Hier sehen Sie Ihre Investition: {{url}}',
      },
      balanceCredited: {
        subject: 'Ihre Einzahlung von {{amount}} ist gutgeschrieben',
        intro:
          'Ihre Überweisung ist eingegangen: Wir haben {{amount}} Ihrem AfriVest-Guthaben gutgeschrieben.',
        balance: 'Ihr neues Guthaben beträgt {{balance}}.',
        link: 'Hier sehen Sie Ihr Guthaben und seinen Verlauf: {{url}}',
      },
    },
  },
  es: {
    email: {
      greeting: 'Hola {{name}}:',
      signature: 'El equipo de AfriVest',
      footer: 'Recibe este correo por su cuenta en AfriVest. Si no ha sido usted, ignore este correo.',
      codeValid: 'El código es válido durante 10 minutos y se puede usar una vez.',
      verify: {
        subject: 'Su código de verificación de AfriVest: {{code}}',
        intro: '¡Bienvenido a AfriVest! Introduzca este código para verificar su dirección de correo:',
        link: 'O abra esta página e introduzca el código: {{url}}',
      },
      reset: {
        subject: 'Restablezca su contraseña de AfriVest',
        intro: 'Hemos recibido una solicitud para restablecer su contraseña. Su código:',
        link: 'Abra esta página para elegir una nueva contraseña: {{url}}',
      },
      changeEmail: {
        subject: 'Confirme su nueva dirección de correo de AfriVest',
        intro: 'Introduzca este código en su perfil para confirmar su nueva dirección de correo:',
      },
      kycReceived: {
        subject: 'Hemos recibido sus documentos de identidad',
        intro:
          '¡Gracias! Hemos recibido sus documentos de identidad y los revisaremos, normalmente en un día hábil. Le enviaremos el resultado por correo.',
      },
      kycApproved: {
        subject: 'Su identidad está verificada',
        intro: 'Buenas noticias: su identidad está verificada. Ya puede invertir en proyectos en AfriVest.',
        link: 'Ver los proyectos: {{url}}',
      },
      kycRejected: {
        subject: 'Su verificación de identidad no ha sido aprobada',
        intro: 'No hemos podido aprobar su verificación de identidad.',
        reason: 'Motivo: {{reason}}',
        link: 'Puede iniciar una nueva verificación en esta página: {{url}}',
      },
      ticketReceived: {
        subject: 'Ticket n.º {{number}} recibido: {{title}}',
        intro:
          'Gracias por contactarnos. Su ticket n.º {{number}} «{{title}}» está abierto; nuestro equipo le responderá en su conversación.',
        complaint:
          'Lo tratamos como una reclamación y le responderemos a más tardar el {{date}} (10 días hábiles).',
        link: 'Siga su ticket aquí: {{url}}',
      },
      ticketReply: {
        subject: 'Nueva respuesta a su ticket n.º {{number}}: {{title}}',
        intro: 'Nuestro equipo ha respondido a su ticket n.º {{number}} «{{title}}»:',
        link: 'Lea la conversación y responda aquí: {{url}}',
      },
      loanDueSoon: {
        subject: 'La cuota de {{title}} vence el {{date}}',
        intro:
          'Le recordamos que la cuota de {{amount}} de su préstamo «{{title}}» vence el {{date}}. Asegúrese de que su saldo de AfriVest la cubra y páguela desde la página del proyecto.',
        link: 'Páguela aquí: {{url}}',
      },
      loanLate1: {
        subject: 'La cuota de {{title}} está vencida',
        intro:
          'La cuota de su préstamo «{{title}}» que vencía el {{date}} no se ha pagado. A partir de ahora se devengan intereses de demora cada día sobre el capital pendiente. Le rogamos que pague {{amount}} lo antes posible.',
        link: 'Páguela aquí: {{url}}',
      },
      loanLate15: {
        subject: 'Su préstamo {{title}} lleva {{days}} días de retraso',
        intro:
          'Su préstamo «{{title}}» lleva {{days}} días vencido: se adeudan {{amount}} y los intereses de demora aumentan cada día. Un préstamo con más de 90 días de retraso se declara en impago. Pague o póngase en contacto con nosotros ahora.',
        link: 'Páguela aquí: {{url}}',
      },
      loanDefault: {
        subject: 'El préstamo {{title}} está en impago',
        intro:
          'El préstamo «{{title}}» en el que ha invertido está en impago. Estamos iniciando el recobro de lo adeudado; su capital pendiente en él asciende a {{amount}}. Le abonaremos a prorrata todo lo que recuperemos.',
        link: 'Siga su inversión aquí: {{url}}',
      },
      loanWrittenOff: {
        subject: 'El préstamo {{title}} ha sido dado de baja como fallido',
        intro:
          'El préstamo «{{title}}» en el que ha invertido ha sido dado de baja como fallido: no se espera recuperar {{amount}} de su capital, que ahora figura como deuda incobrable en su cartera.',
        link: 'Vea su inversión aquí: {{url}}',
      },
      balanceCredited: {
        subject: 'Su depósito de {{amount}} ha sido abonado',
        intro: 'Su transferencia bancaria ha llegado: hemos abonado {{amount}} en su saldo de AfriVest.',
        balance: 'Su nuevo saldo es de {{balance}}.',
        link: 'Consulte su saldo y su historial aquí: {{url}}',
      },
    },
  },
  fr: {
    email: {
      greeting: 'Bonjour {{name}},',
      signature: "L'équipe AfriVest",
      footer:
        "Vous recevez cet e-mail en raison de votre compte AfriVest. Si ce n'était pas vous, ignorez cet e-mail.",
      codeValid: 'Le code est valable 10 minutes et ne peut être utilisé qu’une fois.',
      verify: {
        subject: 'Votre code de vérification AfriVest : {{code}}',
        intro: 'Bienvenue sur AfriVest ! Saisissez ce code pour vérifier votre adresse e-mail :',
        link: 'Ou ouvrez cette page et saisissez le code : {{url}}',
      },
      reset: {
        subject: 'Réinitialisez votre mot de passe AfriVest',
        intro: 'Nous avons reçu une demande de réinitialisation de votre mot de passe. Votre code :',
        link: 'Ouvrez cette page pour choisir un nouveau mot de passe : {{url}}',
      },
      changeEmail: {
        subject: 'Confirmez votre nouvelle adresse e-mail AfriVest',
        intro: 'Saisissez ce code dans votre profil pour confirmer votre nouvelle adresse e-mail :',
      },
      kycReceived: {
        subject: "Nous avons reçu vos pièces d'identité",
        intro:
          "Merci ! Nous avons reçu vos pièces d'identité et les examinerons, en général sous un jour ouvré. Nous vous enverrons le résultat par e-mail.",
      },
      kycApproved: {
        subject: 'Votre identité est vérifiée',
        intro:
          'Bonne nouvelle : votre identité est vérifiée. Vous pouvez maintenant investir dans des projets sur AfriVest.',
        link: 'Voir les projets : {{url}}',
      },
      kycRejected: {
        subject: "Votre vérification d'identité n'a pas été approuvée",
        intro: "Nous n'avons pas pu approuver votre vérification d'identité.",
        reason: 'Motif : {{reason}}',
        link: 'Vous pouvez commencer une nouvelle vérification sur cette page : {{url}}',
      },
      ticketReceived: {
        subject: 'Ticket n° {{number}} reçu : {{title}}',
        intro:
          'Merci de nous avoir contactés. Votre ticket n° {{number}} « {{title}} » est ouvert ; notre équipe vous répondra dans sa conversation.',
        complaint:
          'Nous le traitons comme une réclamation et vous répondrons au plus tard le {{date}} (10 jours ouvrés).',
        link: 'Suivez votre ticket ici : {{url}}',
      },
      ticketReply: {
        subject: 'Nouvelle réponse à votre ticket n° {{number}} : {{title}}',
        intro: 'Notre équipe a répondu à votre ticket n° {{number}} « {{title}} » :',
        link: 'Lisez la conversation et répondez ici : {{url}}',
      },
      loanDueSoon: {
        subject: 'Votre échéance pour {{title}} est due le {{date}}',
        intro:
          'Pour rappel : l’échéance de {{amount}} de votre prêt « {{title}} » est due le {{date}}. Veillez à ce que votre solde AfriVest la couvre et réglez-la depuis la page du projet.',
        link: 'Réglez-la ici : {{url}}',
      },
      loanLate1: {
        subject: 'Votre échéance pour {{title}} est en retard',
        intro:
          'L’échéance de votre prêt « {{title}} » due le {{date}} n’a pas été réglée. Des intérêts de retard courent désormais chaque jour sur le capital impayé. Merci de régler {{amount}} au plus vite.',
        link: 'Réglez-la ici : {{url}}',
      },
      loanLate15: {
        subject: 'Votre prêt {{title}} a {{days}} jours de retard',
        intro:
          'Votre prêt « {{title}} » est en retard de {{days}} jours : {{amount}} sont impayés, et des intérêts de retard s’ajoutent chaque jour. Un prêt en retard de plus de 90 jours est déclaré en défaut. Merci de payer ou de nous contacter dès maintenant.',
        link: 'Réglez-la ici : {{url}}',
      },
      loanDefault: {
        subject: 'Le prêt {{title}} est en défaut',
        intro:
          'Le prêt « {{title}} » dans lequel vous avez investi est en défaut. Nous engageons le recouvrement des sommes dues ; votre capital restant dû sur ce prêt s’élève à {{amount}}. Nous vous reverserons au prorata tout ce que nous recouvrerons.',
        link: 'Suivez votre investissement ici : {{url}}',
      },
      loanWrittenOff: {
        subject: 'Le prêt {{title}} a été passé en perte',
        intro:
          'Le prêt « {{title}} » dans lequel vous avez investi a été passé en perte : {{amount}} de votre capital ne devraient pas être remboursés et figurent désormais comme créance irrécouvrable dans votre portefeuille.',
        link: 'Consultez votre investissement ici : {{url}}',
      },
      balanceCredited: {
        subject: 'Votre dépôt de {{amount}} est crédité',
        intro: 'Votre virement est arrivé : nous avons crédité {{amount}} sur votre solde AfriVest.',
        balance: 'Votre nouveau solde est de {{balance}}.',
        link: 'Consultez votre solde et son historique ici : {{url}}',
      },
    },
  },
} as const;

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  ns: ['email'],
  defaultNS: 'email',
  initAsync: false,
  showSupportNotice: false,
  interpolation: { escapeValue: false },
});

export function emailT(lang: LanguageCode): TFunction {
  return instance.getFixedT(lang, 'email');
}
