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
      sophisticatedAccepted: {
        subject: 'You are now treated as a sophisticated investor',
        intro:
          'We accepted your request: from now on you are treated as a sophisticated investor (Regulation (EU) 2020/1503, Annex II).',
        next: 'The protections for non-sophisticated investors no longer apply to you: the knowledge test, the loss simulation, the warning before large investments and the 4-day reflection period. Please contact us if your situation changes.',
      },
      sophisticatedRejected: {
        subject: 'Your request to be treated as a sophisticated investor was not accepted',
        intro: 'We could not accept your request to be treated as a sophisticated investor.',
        reason: 'Reason: {{reason}}',
        next: 'You remain a non-sophisticated investor with all its protections. You can send a new request with other evidence at any time.',
      },
      accountExists: {
        subject: 'Someone tried to use your AfriVest e-mail address',
        introRegister:
          'Someone just tried to register a new AfriVest account with your e-mail address. You already have an account with it, so no new account was created.',
        introChangeEmail:
          'Someone just tried to move another AfriVest account to your e-mail address. You already have an account with it, so the address was not changed.',
        next: 'If it was you, sign in or reset your password.',
        login: 'Sign in: {{url}}',
        reset: 'Reset your password: {{url}}',
        notYou: 'If it was not you, you need not do anything: your account is unchanged.',
      },
      withdrawalRequested: {
        subject: 'Your withdrawal of {{amount}} is requested',
        intro:
          'We received your request to withdraw {{amount}} to the bank account {{iban}}. The amount is reserved and no longer part of your available balance.',
        next: 'Our team checks every withdrawal; we will e-mail you when it is approved and when the money is on its way. You can cancel it until it is approved.',
        link: 'Follow your withdrawals here: {{url}}',
      },
      withdrawalApproved: {
        subject: 'Your withdrawal of {{amount}} is approved',
        intro: 'Your withdrawal of {{amount}} to {{iban}} is approved.',
        next: 'It goes out with our next SEPA payment run; we will e-mail you when it is sent.',
        link: 'Follow your withdrawals here: {{url}}',
      },
      withdrawalRejected: {
        subject: 'Your withdrawal of {{amount}} was not approved',
        intro:
          'We could not approve your withdrawal of {{amount}} to {{iban}}. The full amount is back in your available balance.',
        reason: 'Reason: {{reason}}',
        next: 'If you have questions, please open a support ticket.',
        link: 'See your balance here: {{url}}',
      },
      withdrawalSent: {
        subject: 'Your withdrawal of {{amount}} is on its way',
        intro: 'We sent {{amount}} to your bank account {{iban}} by SEPA credit transfer.',
        next: 'It usually arrives within one to two business days.',
        link: 'Follow your withdrawals here: {{url}}',
      },
      bankAccountChanged: {
        subject: 'Your bank account for withdrawals was changed',
        intro: 'The bank account for your withdrawals was changed to {{iban}}.',
        next: 'For your safety, withdrawals are possible again from {{until}}. If you did not make this change, contact us at once and change your password.',
        link: 'Check your bank account here: {{url}}',
      },
      withdrawalCancelled: {
        subject: 'Your withdrawal of {{amount}} is cancelled',
        intro:
          'You cancelled your withdrawal of {{amount}} to {{iban}}. The full amount is back in your available balance.',
        next: 'If you did not cancel it, contact us at once and change your password.',
        link: 'See your balance here: {{url}}',
      },
      autoInvestReceipt: {
        subject: 'Auto-invest: {{amount}} invested in {{title}}',
        intro:
          'Your auto-invest mandate invested {{amount}} in "{{title}}" for you, under the criteria you set.',
        revocable:
          'You may revoke this investment without a reason or a fee until {{until}} (reflection period, Art. 22 of Regulation (EU) 2020/1503).',
        link: 'See your allocations here: {{url}}',
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
      sophisticatedAccepted: {
        subject: 'Sie werden jetzt als kundiger Anleger eingestuft',
        intro:
          'Wir haben Ihrem Antrag stattgegeben: Ab sofort werden Sie als kundiger Anleger eingestuft (Verordnung (EU) 2020/1503, Anhang II).',
        next: 'Die Schutzmaßnahmen für nicht kundige Anleger gelten für Sie nicht mehr: der Kenntnistest, die Verlustsimulation, die Warnung vor großen Investitionen und die Bedenkzeit von 4 Tagen. Bitte melden Sie sich, wenn sich Ihre Situation ändert.',
      },
      sophisticatedRejected: {
        subject: 'Ihr Antrag auf Einstufung als kundiger Anleger wurde abgelehnt',
        intro: 'Wir konnten Ihrem Antrag auf Einstufung als kundiger Anleger nicht stattgeben.',
        reason: 'Grund: {{reason}}',
        next: 'Sie bleiben ein nicht kundiger Anleger mit allen Schutzmaßnahmen. Sie können jederzeit einen neuen Antrag mit anderen Nachweisen stellen.',
      },
      accountExists: {
        subject: 'Jemand hat versucht, Ihre AfriVest-E-Mail-Adresse zu verwenden',
        introRegister:
          'Jemand hat soeben versucht, mit Ihrer E-Mail-Adresse ein neues AfriVest-Konto zu registrieren. Sie haben bereits ein Konto mit dieser Adresse, daher wurde kein neues Konto angelegt.',
        introChangeEmail:
          'Jemand hat soeben versucht, ein anderes AfriVest-Konto auf Ihre E-Mail-Adresse umzustellen. Sie haben bereits ein Konto mit dieser Adresse, daher wurde die Adresse nicht geändert.',
        next: 'Wenn Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
        login: 'Anmelden: {{url}}',
        reset: 'Passwort zurücksetzen: {{url}}',
        notYou: 'Wenn Sie das nicht waren, müssen Sie nichts tun: Ihr Konto ist unverändert.',
      },
      withdrawalRequested: {
        subject: 'Ihre Auszahlung von {{amount}} ist angefordert',
        intro:
          'Wir haben Ihre Anforderung erhalten, {{amount}} auf das Bankkonto {{iban}} auszuzahlen. Der Betrag ist reserviert und nicht mehr Teil Ihres verfügbaren Guthabens.',
        next: 'Unser Team prüft jede Auszahlung; wir schreiben Ihnen, wenn sie genehmigt ist und wenn das Geld unterwegs ist. Bis zur Genehmigung können Sie sie stornieren.',
        link: 'Ihre Auszahlungen finden Sie hier: {{url}}',
      },
      withdrawalApproved: {
        subject: 'Ihre Auszahlung von {{amount}} ist genehmigt',
        intro: 'Ihre Auszahlung von {{amount}} auf {{iban}} ist genehmigt.',
        next: 'Sie geht mit unserem nächsten SEPA-Zahlungslauf hinaus; wir schreiben Ihnen, wenn sie gesendet ist.',
        link: 'Ihre Auszahlungen finden Sie hier: {{url}}',
      },
      withdrawalRejected: {
        subject: 'Ihre Auszahlung von {{amount}} wurde nicht genehmigt',
        intro:
          'Wir konnten Ihre Auszahlung von {{amount}} auf {{iban}} nicht genehmigen. Der volle Betrag ist wieder in Ihrem verfügbaren Guthaben.',
        reason: 'Begründung: {{reason}}',
        next: 'Bei Fragen eröffnen Sie bitte ein Support-Ticket.',
        link: 'Ihr Guthaben finden Sie hier: {{url}}',
      },
      withdrawalSent: {
        subject: 'Ihre Auszahlung von {{amount}} ist unterwegs',
        intro: 'Wir haben {{amount}} per SEPA-Überweisung auf Ihr Bankkonto {{iban}} gesendet.',
        next: 'Das Geld kommt meist innerhalb von ein bis zwei Bankarbeitstagen an.',
        link: 'Ihre Auszahlungen finden Sie hier: {{url}}',
      },
      bankAccountChanged: {
        subject: 'Ihr Bankkonto für Auszahlungen wurde geändert',
        intro: 'Das Bankkonto für Ihre Auszahlungen wurde auf {{iban}} geändert.',
        next: 'Zu Ihrer Sicherheit sind Auszahlungen erst ab {{until}} wieder möglich. Wenn Sie diese Änderung nicht vorgenommen haben, kontaktieren Sie uns sofort und ändern Sie Ihr Passwort.',
        link: 'Prüfen Sie Ihr Bankkonto hier: {{url}}',
      },
      withdrawalCancelled: {
        subject: 'Ihre Auszahlung von {{amount}} ist storniert',
        intro:
          'Sie haben Ihre Auszahlung von {{amount}} auf {{iban}} storniert. Der volle Betrag ist wieder in Ihrem verfügbaren Guthaben.',
        next: 'Wenn Sie sie nicht storniert haben, kontaktieren Sie uns sofort und ändern Sie Ihr Passwort.',
        link: 'Ihr Guthaben finden Sie hier: {{url}}',
      },
      autoInvestReceipt: {
        subject: 'Auto-Invest: {{amount}} in {{title}} investiert',
        intro:
          'Ihr Auto-Invest-Auftrag hat nach Ihren Kriterien {{amount}} für Sie in „{{title}}“ investiert.',
        revocable:
          'Sie können diese Investition bis {{until}} ohne Angabe von Gründen und ohne Gebühr widerrufen (Bedenkzeit, Art. 22 der Verordnung (EU) 2020/1503).',
        link: 'Ihre Zuteilungen finden Sie hier: {{url}}',
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
      sophisticatedAccepted: {
        subject: 'Ahora se le considera un inversor experimentado',
        intro:
          'Hemos aceptado su solicitud: a partir de ahora se le considera un inversor experimentado (Reglamento (UE) 2020/1503, anexo II).',
        next: 'Las protecciones de los inversores no experimentados ya no se le aplican: la prueba de conocimientos, la simulación de pérdidas, el aviso antes de inversiones importantes y el período de reflexión de 4 días. Póngase en contacto con nosotros si su situación cambia.',
      },
      sophisticatedRejected: {
        subject: 'No se ha aceptado su solicitud de ser considerado inversor experimentado',
        intro: 'No hemos podido aceptar su solicitud de ser considerado inversor experimentado.',
        reason: 'Motivo: {{reason}}',
        next: 'Sigue siendo un inversor no experimentado, con todas sus protecciones. Puede enviar una nueva solicitud con otras pruebas en cualquier momento.',
      },
      accountExists: {
        subject: 'Alguien intentó usar su dirección de correo de AfriVest',
        introRegister:
          'Alguien acaba de intentar registrar una nueva cuenta de AfriVest con su dirección de correo. Usted ya tiene una cuenta con ella, por lo que no se creó ninguna cuenta nueva.',
        introChangeEmail:
          'Alguien acaba de intentar cambiar otra cuenta de AfriVest a su dirección de correo. Usted ya tiene una cuenta con ella, por lo que la dirección no se cambió.',
        next: 'Si fue usted, inicie sesión o restablezca su contraseña.',
        login: 'Iniciar sesión: {{url}}',
        reset: 'Restablecer la contraseña: {{url}}',
        notYou: 'Si no fue usted, no tiene que hacer nada: su cuenta no ha cambiado.',
      },
      withdrawalRequested: {
        subject: 'Su retiro de {{amount}} está solicitado',
        intro:
          'Hemos recibido su solicitud de retirar {{amount}} a la cuenta bancaria {{iban}}. El importe queda reservado y ya no forma parte de su saldo disponible.',
        next: 'Nuestro equipo revisa cada retiro; le escribiremos cuando esté aprobado y cuando el dinero esté en camino. Puede cancelarlo hasta que se apruebe.',
        link: 'Siga sus retiros aquí: {{url}}',
      },
      withdrawalApproved: {
        subject: 'Su retiro de {{amount}} está aprobado',
        intro: 'Su retiro de {{amount}} a {{iban}} está aprobado.',
        next: 'Saldrá con nuestra próxima remesa de pagos SEPA; le escribiremos cuando se envíe.',
        link: 'Siga sus retiros aquí: {{url}}',
      },
      withdrawalRejected: {
        subject: 'Su retiro de {{amount}} no se ha aprobado',
        intro:
          'No hemos podido aprobar su retiro de {{amount}} a {{iban}}. El importe completo vuelve a estar en su saldo disponible.',
        reason: 'Motivo: {{reason}}',
        next: 'Si tiene preguntas, abra un ticket de soporte.',
        link: 'Consulte su saldo aquí: {{url}}',
      },
      withdrawalSent: {
        subject: 'Su retiro de {{amount}} está en camino',
        intro: 'Hemos enviado {{amount}} a su cuenta bancaria {{iban}} por transferencia SEPA.',
        next: 'Suele llegar en uno o dos días hábiles.',
        link: 'Siga sus retiros aquí: {{url}}',
      },
      bankAccountChanged: {
        subject: 'Se ha cambiado su cuenta bancaria para retiros',
        intro: 'La cuenta bancaria para sus retiros se ha cambiado a {{iban}}.',
        next: 'Por su seguridad, podrá retirar de nuevo a partir del {{until}}. Si no hizo este cambio, contáctenos de inmediato y cambie su contraseña.',
        link: 'Revise su cuenta bancaria aquí: {{url}}',
      },
      withdrawalCancelled: {
        subject: 'Su retiro de {{amount}} está cancelado',
        intro:
          'Ha cancelado su retiro de {{amount}} a {{iban}}. El importe completo vuelve a estar en su saldo disponible.',
        next: 'Si no lo canceló usted, contáctenos de inmediato y cambie su contraseña.',
        link: 'Consulte su saldo aquí: {{url}}',
      },
      autoInvestReceipt: {
        subject: 'Auto-inversión: {{amount}} invertidos en {{title}}',
        intro:
          'Su mandato de auto-inversión ha invertido {{amount}} por usted en «{{title}}», según los criterios que fijó.',
        revocable:
          'Puede revocar esta inversión sin motivo ni comisión hasta el {{until}} (período de reflexión, art. 22 del Reglamento (UE) 2020/1503).',
        link: 'Consulte sus asignaciones aquí: {{url}}',
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
      sophisticatedAccepted: {
        subject: 'Vous êtes désormais considéré comme un investisseur averti',
        intro:
          'Nous avons accepté votre demande : vous êtes désormais considéré comme un investisseur averti (règlement (UE) 2020/1503, annexe II).',
        next: 'Les protections des investisseurs non avertis ne s’appliquent plus à vous : le test de connaissances, la simulation de perte, l’avertissement avant les investissements importants et le délai de réflexion de 4 jours. Contactez-nous si votre situation change.',
      },
      sophisticatedRejected: {
        subject: 'Votre demande à être considéré comme investisseur averti n’a pas été acceptée',
        intro: 'Nous n’avons pas pu accepter votre demande à être considéré comme investisseur averti.',
        reason: 'Motif : {{reason}}',
        next: 'Vous restez un investisseur non averti, avec toutes ses protections. Vous pouvez envoyer une nouvelle demande avec d’autres justificatifs à tout moment.',
      },
      accountExists: {
        subject: 'Quelqu’un a tenté d’utiliser votre adresse e-mail AfriVest',
        introRegister:
          'Quelqu’un vient de tenter de créer un nouveau compte AfriVest avec votre adresse e-mail. Vous avez déjà un compte avec cette adresse, aucun nouveau compte n’a donc été créé.',
        introChangeEmail:
          'Quelqu’un vient de tenter de transférer un autre compte AfriVest vers votre adresse e-mail. Vous avez déjà un compte avec cette adresse, l’adresse n’a donc pas été modifiée.',
        next: 'Si c’était vous, connectez-vous ou réinitialisez votre mot de passe.',
        login: 'Se connecter : {{url}}',
        reset: 'Réinitialiser le mot de passe : {{url}}',
        notYou: 'Si ce n’était pas vous, vous n’avez rien à faire : votre compte est inchangé.',
      },
      withdrawalRequested: {
        subject: 'Votre retrait de {{amount}} est demandé',
        intro:
          'Nous avons reçu votre demande de retrait de {{amount}} vers le compte bancaire {{iban}}. Le montant est réservé et ne fait plus partie de votre solde disponible.',
        next: 'Notre équipe vérifie chaque retrait ; nous vous écrirons quand il sera approuvé et quand l’argent sera en route. Vous pouvez l’annuler tant qu’il n’est pas approuvé.',
        link: 'Suivez vos retraits ici : {{url}}',
      },
      withdrawalApproved: {
        subject: 'Votre retrait de {{amount}} est approuvé',
        intro: 'Votre retrait de {{amount}} vers {{iban}} est approuvé.',
        next: 'Il partira avec notre prochaine remise de virements SEPA ; nous vous écrirons quand il sera envoyé.',
        link: 'Suivez vos retraits ici : {{url}}',
      },
      withdrawalRejected: {
        subject: 'Votre retrait de {{amount}} n’a pas été approuvé',
        intro:
          'Nous n’avons pas pu approuver votre retrait de {{amount}} vers {{iban}}. Le montant complet est de nouveau dans votre solde disponible.',
        reason: 'Motif : {{reason}}',
        next: 'Pour toute question, ouvrez un ticket d’assistance.',
        link: 'Consultez votre solde ici : {{url}}',
      },
      withdrawalSent: {
        subject: 'Votre retrait de {{amount}} est en route',
        intro: 'Nous avons envoyé {{amount}} sur votre compte bancaire {{iban}} par virement SEPA.',
        next: 'Il arrive en général sous un à deux jours ouvrés.',
        link: 'Suivez vos retraits ici : {{url}}',
      },
      bankAccountChanged: {
        subject: 'Votre compte bancaire pour les retraits a été modifié',
        intro: 'Le compte bancaire de vos retraits a été remplacé par {{iban}}.',
        next: 'Par sécurité, les retraits seront de nouveau possibles à partir du {{until}}. Si vous n’avez pas fait ce changement, contactez-nous immédiatement et changez votre mot de passe.',
        link: 'Vérifiez votre compte bancaire ici : {{url}}',
      },
      withdrawalCancelled: {
        subject: 'Votre retrait de {{amount}} est annulé',
        intro:
          'Vous avez annulé votre retrait de {{amount}} vers {{iban}}. Le montant complet est de nouveau dans votre solde disponible.',
        next: 'Si ce n’est pas vous qui l’avez annulé, contactez-nous immédiatement et changez votre mot de passe.',
        link: 'Consultez votre solde ici : {{url}}',
      },
      autoInvestReceipt: {
        subject: 'Investissement automatique : {{amount}} investis dans {{title}}',
        intro:
          'Votre mandat d’investissement automatique a investi {{amount}} pour vous dans « {{title}} », selon les critères que vous avez fixés.',
        revocable:
          'Vous pouvez révoquer cet investissement sans motif ni frais jusqu’au {{until}} (délai de réflexion, art. 22 du règlement (UE) 2020/1503).',
        link: 'Consultez vos allocations ici : {{url}}',
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
