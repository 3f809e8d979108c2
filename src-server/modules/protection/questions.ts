/**
 * The entry knowledge test's question bank (EU 2020/1503 Art. 21(2)(a) and 21(3); Delegated
 * Regulation 2022/2114 Art. 2; API contract, "Investor protection"). Server only: the correct option
 * and the explanation never leave the server before the investor has answered.
 *
 * Fifteen questions, three on each of the five KNOWLEDGE_TOPICS: the risks of lending-based
 * crowdfunding (total loss, illiquidity, rate and risk), the reflection period of Art. 22, diversification
 * (and the warning threshold of Art. 21(7)), past investments (what a track record and a past return
 * tell) and crowdfunding experience (the platform's role, the key investment information sheet of
 * Art. 23). Ids are stable ('q01'..., options 'a'...'d'): stored attempts refer to them, so a question
 * may be reworded but never renumbered, and its correct option never moved.
 */
import type { KnowledgeTopic, LanguageCode } from '../../../src-shared/constants/enums';

export type Texts = Record<LanguageCode, string>;

export interface BankQuestion {
  id: string;
  topic: KnowledgeTopic;
  text: Texts;
  options: { id: string; text: Texts }[];
  /** The id of the one correct option. */
  correct: string;
  /** Why the correct option is right (shown with the result). */
  explanation: Texts;
}

/** French typography: the typographic apostrophe, a no-break space before ? ! : ; % € and inside
 * thousands (1 000 €). */
const fr = (text: string) =>
  text
    .replace(/'/g, '\u2019')
    .replace(/ ([?!:;%€])/g, '\u00a0$1')
    .replace(/(\d) (\d{3})/g, '$1\u00a0$2');

const t = (en: string, de: string, es: string, frText: string): Texts => ({ en, de, es, fr: fr(frText) });

/** Options a-d from four texts each (en, de, es, fr). */
const options = (...texts: [string, string, string, string][]) =>
  texts.map(([en, de, es, frText], i) => ({ id: 'abcd'[i]!, text: t(en, de, es, frText) }));

export const QUESTIONS: readonly BankQuestion[] = [
  // ---------------------------------------------------------------------------------------------
  // Risks of lending-based crowdfunding: total loss, illiquidity, rate and risk.
  {
    id: 'q01',
    topic: 'lending_risks',
    text: t(
      'The company you lent money to through the platform cannot repay its loan. What can happen to your money?',
      'Das Unternehmen, dem Sie über die Plattform Geld geliehen haben, kann seinen Kredit nicht zurückzahlen. Was kann mit Ihrem Geld geschehen?',
      'La empresa a la que prestó dinero a través de la plataforma no puede devolver su préstamo. ¿Qué puede ocurrir con su dinero?',
      "L'entreprise à laquelle vous avez prêté de l'argent via la plateforme ne peut pas rembourser son prêt. Que peut-il arriver à votre argent ?",
    ),
    options: options(
      [
        'The platform repays it to you from its own funds.',
        'Die Plattform zahlt es Ihnen aus eigenen Mitteln zurück.',
        'La plataforma se lo devuelve con sus propios fondos.',
        'La plateforme vous le rembourse sur ses fonds propres.',
      ],
      [
        'You can lose part or all of the money you invested.',
        'Sie können einen Teil oder das gesamte investierte Geld verlieren.',
        'Puede perder una parte o la totalidad del dinero invertido.',
        "Vous pouvez perdre une partie ou la totalité de l'argent investi.",
      ],
      [
        'A deposit guarantee scheme repays up to €100,000.',
        'Eine Einlagensicherung zahlt bis zu 100.000 € zurück.',
        'Un sistema de garantía de depósitos le devuelve hasta 100.000 €.',
        'Un système de garantie des dépôts vous rembourse jusqu’à 100 000 €.',
      ],
      [
        "The state repays it after the loan's term.",
        'Der Staat zahlt es nach dem Ende der Laufzeit zurück.',
        'El Estado se lo devuelve al final del plazo del préstamo.',
        "L'État vous le rembourse à la fin de la durée du prêt.",
      ],
    ),
    correct: 'b',
    explanation: t(
      'A crowdfunding loan is not a bank deposit: neither a deposit guarantee scheme nor an investor compensation scheme covers it, and the platform does not guarantee repayment. If the company fails, you can lose all the money you invested.',
      'Ein Crowdfunding-Kredit ist keine Bankeinlage: Weder die Einlagensicherung noch eine Anlegerentschädigung deckt ihn ab, und die Plattform garantiert keine Rückzahlung. Fällt das Unternehmen aus, können Sie das gesamte investierte Geld verlieren.',
      'Un préstamo de financiación participativa no es un depósito bancario: no lo cubre ningún sistema de garantía de depósitos ni de indemnización de los inversores, y la plataforma no garantiza su devolución. Si la empresa quiebra, puede perder todo el dinero invertido.',
      "Un prêt de financement participatif n'est pas un dépôt bancaire : il n'est couvert ni par un système de garantie des dépôts ni par un système d'indemnisation des investisseurs, et la plateforme ne garantit pas son remboursement. Si l'entreprise fait défaut, vous pouvez perdre tout l'argent investi.",
    ),
  },
  {
    id: 'q02',
    topic: 'lending_risks',
    text: t(
      "You need your money back before the loan's term ends. What is realistic?",
      'Sie brauchen Ihr Geld vor dem Ende der Kreditlaufzeit zurück. Was ist realistisch?',
      'Necesita recuperar su dinero antes de que termine el plazo del préstamo. ¿Qué es realista?',
      "Vous avez besoin de récupérer votre argent avant la fin de la durée du prêt. Qu'est-ce qui est réaliste ?",
    ),
    options: options(
      [
        'The platform buys your investment back at any time at its full value.',
        'Die Plattform kauft Ihre Investition jederzeit zum vollen Wert zurück.',
        'La plataforma recompra su inversión en cualquier momento por su valor íntegro.',
        'La plateforme rachète votre investissement à tout moment à sa pleine valeur.',
      ],
      [
        'You sell your investment on a stock exchange within a day.',
        'Sie verkaufen Ihre Investition innerhalb eines Tages an einer Börse.',
        'Vende su inversión en bolsa en un día.',
        'Vous vendez votre investissement en bourse en une journée.',
      ],
      [
        'You withdraw your money like savings, after a short notice period.',
        'Sie heben Ihr Geld wie Ersparnisse nach einer kurzen Kündigungsfrist ab.',
        'Retira su dinero como si fuera un ahorro, tras un breve preaviso.',
        'Vous retirez votre argent comme une épargne, après un court préavis.',
      ],
      [
        'You may not get your money back before the term ends: there may be no market where you could sell your investment.',
        'Möglicherweise erhalten Sie Ihr Geld nicht vor dem Laufzeitende zurück: Es gibt unter Umständen keinen Markt, auf dem Sie Ihre Investition verkaufen könnten.',
        'Puede que no recupere su dinero antes del final del plazo: puede no existir ningún mercado en el que vender su inversión.',
        'Vous ne pourrez peut-être pas récupérer votre argent avant la fin de la durée : il peut n’exister aucun marché où vendre votre investissement.',
      ],
    ),
    correct: 'd',
    explanation: t(
      "Crowdfunding loans are illiquid: they are not listed on a stock exchange, and there may be no secondary market. Plan to keep the money invested until the end of the loan's term.",
      'Crowdfunding-Kredite sind illiquide: Sie werden nicht an einer Börse gehandelt, und es gibt möglicherweise keinen Zweitmarkt. Rechnen Sie damit, dass das Geld bis zum Ende der Laufzeit gebunden ist.',
      'Los préstamos de financiación participativa son ilíquidos: no cotizan en bolsa y puede no existir un mercado secundario. Cuente con mantener el dinero invertido hasta el final del plazo del préstamo.',
      'Les prêts de financement participatif sont peu liquides : ils ne sont pas cotés en bourse et il peut n’exister aucun marché secondaire. Prévoyez de laisser l’argent investi jusqu’à la fin de la durée du prêt.',
    ),
  },
  {
    id: 'q03',
    topic: 'lending_risks',
    text: t(
      'A loan offers a much higher interest rate than a savings account. What does that usually mean?',
      'Ein Kredit bietet einen viel höheren Zinssatz als ein Sparkonto. Was bedeutet das in der Regel?',
      'Un préstamo ofrece un tipo de interés mucho más alto que una cuenta de ahorro. ¿Qué suele significar?',
      "Un prêt offre un taux d'intérêt bien plus élevé qu'un compte d'épargne. Qu'est-ce que cela signifie en général ?",
    ),
    options: options(
      [
        'The loan is guaranteed by the platform.',
        'Der Kredit ist von der Plattform garantiert.',
        'La plataforma garantiza el préstamo.',
        'Le prêt est garanti par la plateforme.',
      ],
      [
        'The platform has made sure that the company will repay.',
        'Die Plattform hat sichergestellt, dass das Unternehmen zurückzahlt.',
        'La plataforma se ha asegurado de que la empresa devolverá el préstamo.',
        "La plateforme s'est assurée que l'entreprise remboursera.",
      ],
      [
        'The higher return comes with a higher risk that the company does not repay.',
        'Die höhere Rendite geht mit einem höheren Risiko einher, dass das Unternehmen nicht zurückzahlt.',
        'La mayor rentabilidad va unida a un mayor riesgo de que la empresa no devuelva el préstamo.',
        "Le rendement plus élevé s'accompagne d'un risque plus élevé que l'entreprise ne rembourse pas.",
      ],
      [
        'Nothing: interest rate and risk are unrelated.',
        'Nichts: Zinssatz und Risiko hängen nicht zusammen.',
        'Nada: el tipo de interés y el riesgo no están relacionados.',
        "Rien : le taux d'intérêt et le risque n'ont aucun rapport.",
      ],
    ),
    correct: 'c',
    explanation: t(
      'A higher interest rate pays for a higher risk. Neither the platform nor anyone else guarantees the interest or the repayment of the loan.',
      'Ein höherer Zinssatz ist der Preis für ein höheres Risiko. Weder die Plattform noch sonst jemand garantiert die Zinsen oder die Rückzahlung des Kredits.',
      'Un tipo de interés más alto remunera un riesgo más alto. Ni la plataforma ni nadie garantiza los intereses ni la devolución del préstamo.',
      "Un taux d'intérêt plus élevé rémunère un risque plus élevé. Ni la plateforme ni personne d'autre ne garantit les intérêts ou le remboursement du prêt.",
    ),
  },

  // ---------------------------------------------------------------------------------------------
  // The pre-contractual reflection period (Art. 22).
  {
    id: 'q04',
    topic: 'reflection_period',
    text: t(
      'As a non-sophisticated investor, for how long after making an investment can you revoke it without giving a reason and without paying anything?',
      'Wie lange nach einer Investition können Sie sie als nicht kundiger Anleger ohne Angabe von Gründen und ohne Kosten widerrufen?',
      'Como inversor no experimentado, ¿durante cuánto tiempo después de realizar una inversión puede revocarla sin dar explicaciones y sin pagar nada?',
      "En tant qu'investisseur non averti, pendant combien de temps après avoir investi pouvez-vous révoquer votre investissement sans donner de motif et sans rien payer ?",
    ),
    options: options(
      ['24 hours.', '24 Stunden.', '24 horas.', '24 heures.'],
      ['4 calendar days.', '4 Kalendertage.', '4 días naturales.', '4 jours calendaires.'],
      ['14 days.', '14 Tage.', '14 días.', '14 jours.'],
      [
        'An investment cannot be revoked.',
        'Eine Investition kann nicht widerrufen werden.',
        'Una inversión no se puede revocar.',
        'Un investissement ne peut pas être révoqué.',
      ],
    ),
    correct: 'b',
    explanation: t(
      'Regulation (EU) 2020/1503, Art. 22, gives non-sophisticated investors a pre-contractual reflection period of 4 calendar days, during which they can revoke their offer to invest without giving a reason and without a penalty.',
      'Die Verordnung (EU) 2020/1503 gewährt nicht kundigen Anlegern in Art. 22 eine vorvertragliche Bedenkzeit von 4 Kalendertagen, in der sie ihr Angebot ohne Angabe von Gründen und ohne Vertragsstrafe widerrufen können.',
      'El Reglamento (UE) 2020/1503, art. 22, concede a los inversores no experimentados un período de reflexión precontractual de 4 días naturales durante el cual pueden revocar su oferta de inversión sin dar explicaciones y sin penalización.',
      "Le règlement (UE) 2020/1503, art. 22, accorde aux investisseurs non avertis un délai de réflexion précontractuel de 4 jours calendaires, pendant lequel ils peuvent révoquer leur offre d'investissement sans motif et sans pénalité.",
    ),
  },
  {
    id: 'q05',
    topic: 'reflection_period',
    text: t(
      'You revoke an investment within the reflection period. What do you get back?',
      'Sie widerrufen eine Investition innerhalb der Bedenkzeit. Was erhalten Sie zurück?',
      'Revoca una inversión dentro del período de reflexión. ¿Qué recupera?',
      'Vous révoquez un investissement pendant le délai de réflexion. Que récupérez-vous ?',
    ),
    options: options(
      [
        'The amount invested minus a revocation fee.',
        'Den investierten Betrag abzüglich einer Widerrufsgebühr.',
        'El importe invertido menos una comisión por revocación.',
        'Le montant investi moins des frais de révocation.',
      ],
      [
        'Only the interest earned so far.',
        'Nur die bisher angefallenen Zinsen.',
        'Solo los intereses generados hasta ese momento.',
        'Seulement les intérêts courus jusque-là.',
      ],
      [
        'The whole amount invested, without any deduction.',
        'Den gesamten investierten Betrag ohne Abzug.',
        'La totalidad del importe invertido, sin ninguna deducción.',
        'La totalité du montant investi, sans aucune déduction.',
      ],
      [
        "Nothing until the loan's term ends.",
        'Nichts bis zum Ende der Kreditlaufzeit.',
        'Nada hasta el final del plazo del préstamo.',
        'Rien avant la fin de la durée du prêt.',
      ],
    ),
    correct: 'c',
    explanation: t(
      'A revocation within the reflection period costs nothing: the whole amount goes back to your balance.',
      'Ein Widerruf innerhalb der Bedenkzeit kostet nichts: Der gesamte Betrag wird Ihrem Guthaben wieder gutgeschrieben.',
      'Revocar dentro del período de reflexión no cuesta nada: la totalidad del importe vuelve a su saldo.',
      'Une révocation pendant le délai de réflexion ne coûte rien : la totalité du montant revient sur votre solde.',
    ),
  },
  {
    id: 'q06',
    topic: 'reflection_period',
    text: t(
      'When does the reflection period start?',
      'Wann beginnt die Bedenkzeit?',
      '¿Cuándo empieza el período de reflexión?',
      'Quand le délai de réflexion commence-t-il ?',
    ),
    options: options(
      [
        'When you make your offer to invest in the project.',
        'Wenn Sie Ihr Angebot abgeben, in das Projekt zu investieren.',
        'Cuando realiza su oferta de inversión en el proyecto.',
        "Quand vous faites votre offre d'investir dans le projet.",
      ],
      [
        "When the project's funding closes.",
        'Wenn die Finanzierung des Projekts endet.',
        'Cuando se cierra la financiación del proyecto.',
        'Quand la collecte du projet est clôturée.',
      ],
      [
        'When the company makes its first repayment.',
        'Wenn das Unternehmen seine erste Rückzahlung leistet.',
        'Cuando la empresa hace su primer reembolso.',
        "Quand l'entreprise effectue son premier remboursement.",
      ],
      [
        'When the platform approves the project.',
        'Wenn die Plattform das Projekt genehmigt.',
        'Cuando la plataforma aprueba el proyecto.',
        'Quand la plateforme approuve le projet.',
      ],
    ),
    correct: 'a',
    explanation: t(
      'The reflection period starts at the moment you make your offer to invest (Art. 22(2)); on this platform, when you invest. It lasts 4 days from then.',
      'Die Bedenkzeit beginnt in dem Moment, in dem Sie Ihr Angebot zur Investition abgeben (Art. 22 Abs. 2), auf dieser Plattform also mit Ihrer Investition. Sie dauert von da an 4 Tage.',
      'El período de reflexión empieza en el momento en que realiza su oferta de inversión (art. 22, apartado 2); en esta plataforma, cuando invierte. Dura 4 días a partir de ese momento.',
      "Le délai de réflexion commence au moment où vous faites votre offre d'investissement (art. 22, paragraphe 2) ; sur cette plateforme, quand vous investissez. Il dure 4 jours à partir de ce moment.",
    ),
  },

  // ---------------------------------------------------------------------------------------------
  // Diversification (and the warning threshold of Art. 21(7)).
  {
    id: 'q07',
    topic: 'diversification',
    text: t(
      'What does diversification mean for a crowdfunding investor?',
      'Was bedeutet Diversifizierung für einen Crowdfunding-Anleger?',
      '¿Qué significa diversificar para un inversor en financiación participativa?',
      'Que signifie diversifier pour un investisseur en financement participatif ?',
    ),
    options: options(
      [
        'Putting all your money into the project with the highest interest rate.',
        'Das gesamte Geld in das Projekt mit dem höchsten Zinssatz zu investieren.',
        'Poner todo su dinero en el proyecto con el tipo de interés más alto.',
        "Placer tout son argent dans le projet au taux d'intérêt le plus élevé.",
      ],
      [
        'Spreading your money over several projects, companies and sectors, so that one failure weighs less.',
        'Das Geld auf mehrere Projekte, Unternehmen und Branchen zu verteilen, damit ein Ausfall weniger ins Gewicht fällt.',
        'Repartir su dinero entre varios proyectos, empresas y sectores, para que un impago pese menos.',
        "Répartir son argent entre plusieurs projets, entreprises et secteurs, pour qu'une défaillance pèse moins.",
      ],
      [
        'Investing only in projects in your own country.',
        'Nur in Projekte im eigenen Land zu investieren.',
        'Invertir solo en proyectos de su propio país.',
        'Investir uniquement dans des projets de son propre pays.',
      ],
      [
        'Investing the same amount every month.',
        'Jeden Monat denselben Betrag zu investieren.',
        'Invertir la misma cantidad cada mes.',
        'Investir le même montant chaque mois.',
      ],
    ),
    correct: 'b',
    explanation: t(
      'Diversification spreads the risk: if one of many small investments fails, you lose a small part of your money rather than all of it. It reduces the risk but does not remove it.',
      'Diversifizierung streut das Risiko: Fällt eine von vielen kleinen Investitionen aus, verlieren Sie nur einen kleinen Teil Ihres Geldes statt alles. Sie verringert das Risiko, beseitigt es aber nicht.',
      'Diversificar reparte el riesgo: si una de muchas inversiones pequeñas fracasa, pierde una pequeña parte de su dinero y no todo. Reduce el riesgo, pero no lo elimina.',
      'La diversification répartit le risque : si l’un de nombreux petits investissements échoue, vous perdez une petite partie de votre argent plutôt que la totalité. Elle réduit le risque, mais ne le supprime pas.',
    ),
  },
  {
    id: 'q08',
    topic: 'diversification',
    text: t(
      'The platform warns you when a single investment is above €1,000 or 5 % of your net worth, whichever is higher. Why?',
      'Die Plattform warnt Sie, wenn eine einzelne Investition über 1.000 € oder 5 % Ihres Nettovermögens liegt, je nachdem, welcher Betrag höher ist. Warum?',
      'La plataforma le avisa cuando una sola inversión supera 1000 € o el 5 % de su patrimonio neto, si esta cifra es mayor. ¿Por qué?',
      'La plateforme vous avertit lorsqu’un seul investissement dépasse 1 000 € ou 5 % de votre patrimoine net, le plus élevé des deux montants étant retenu. Pourquoi ?',
    ),
    options: options(
      [
        'Larger investments earn less interest.',
        'Größere Investitionen bringen weniger Zinsen.',
        'Las inversiones más grandes generan menos intereses.',
        "Les investissements plus importants rapportent moins d'intérêts.",
      ],
      [
        'The law forbids investing more than that.',
        'Das Gesetz verbietet, mehr zu investieren.',
        'La ley prohíbe invertir más de esa cantidad.',
        'La loi interdit d’investir davantage.',
      ],
      [
        'The platform charges an extra fee above that amount.',
        'Die Plattform verlangt über diesem Betrag eine zusätzliche Gebühr.',
        'La plataforma cobra una comisión adicional por encima de esa cantidad.',
        'La plateforme facture des frais supplémentaires au-delà de ce montant.',
      ],
      [
        'Putting a large part of your wealth into one project increases what you can lose if it fails.',
        'Einen großen Teil des Vermögens in ein einziges Projekt zu stecken, erhöht den möglichen Verlust, wenn es scheitert.',
        'Poner una gran parte de su patrimonio en un solo proyecto aumenta lo que puede perder si fracasa.',
        'Placer une grande partie de son patrimoine dans un seul projet augmente ce que l’on peut perdre s’il échoue.',
      ],
    ),
    correct: 'd',
    explanation: t(
      'Art. 21(7) of the regulation asks the platform to warn you before such an investment: concentrating your wealth in one project raises your possible loss. You may still invest after confirming the warning.',
      'Art. 21 Abs. 7 der Verordnung verlangt, dass die Plattform Sie vor einer solchen Investition warnt: Wer sein Vermögen auf ein Projekt konzentriert, kann mehr verlieren. Nach Bestätigung der Warnung können Sie trotzdem investieren.',
      'El art. 21, apartado 7, del Reglamento exige que la plataforma le avise antes de una inversión así: concentrar su patrimonio en un proyecto aumenta su posible pérdida. Puede invertir igualmente tras confirmar el aviso.',
      "L'article 21, paragraphe 7, du règlement impose à la plateforme de vous avertir avant un tel investissement : concentrer son patrimoine sur un projet accroît la perte possible. Vous pouvez quand même investir après avoir confirmé l'avertissement.",
    ),
  },
  {
    id: 'q09',
    topic: 'diversification',
    text: t(
      'You want to invest €5,000 in crowdfunding. Which choice is the most diversified?',
      'Sie möchten 5.000 € in Crowdfunding investieren. Welche Aufteilung ist am breitesten gestreut?',
      'Quiere invertir 5000 € en financiación participativa. ¿Qué opción está más diversificada?',
      'Vous souhaitez investir 5 000 € en financement participatif. Quelle répartition est la plus diversifiée ?',
    ),
    options: options(
      [
        '€5,000 in one loan to one company.',
        '5.000 € in einem Kredit an ein einziges Unternehmen.',
        '5000 € en un préstamo a una sola empresa.',
        '5 000 € dans un seul prêt à une seule entreprise.',
      ],
      [
        'Five loans of €1,000 to the same company.',
        'Fünf Kredite zu je 1.000 € an dasselbe Unternehmen.',
        'Cinco préstamos de 1000 € a la misma empresa.',
        'Cinq prêts de 1 000 € à la même entreprise.',
      ],
      [
        'Twenty loans of €250 to different companies in different sectors.',
        'Zwanzig Kredite zu je 250 € an verschiedene Unternehmen aus verschiedenen Branchen.',
        'Veinte préstamos de 250 € a empresas distintas de sectores distintos.',
        'Vingt prêts de 250 € à des entreprises différentes de secteurs différents.',
      ],
      [
        'Two loans of €2,500 to the two largest companies of one sector.',
        'Zwei Kredite zu je 2.500 € an die zwei größten Unternehmen einer Branche.',
        'Dos préstamos de 2500 € a las dos mayores empresas de un mismo sector.',
        "Deux prêts de 2 500 € aux deux plus grandes entreprises d'un même secteur.",
      ],
    ),
    correct: 'c',
    explanation: t(
      'Twenty small loans to unrelated companies spread the risk the most: the failure of one company, or trouble in one sector, touches only a small part of the money.',
      'Zwanzig kleine Kredite an voneinander unabhängige Unternehmen streuen das Risiko am stärksten: Der Ausfall eines Unternehmens oder Probleme einer Branche betreffen nur einen kleinen Teil des Geldes.',
      'Veinte préstamos pequeños a empresas sin relación entre sí son los que más reparten el riesgo: el impago de una empresa, o los problemas de un sector, afectan solo a una pequeña parte del dinero.',
      "Vingt petits prêts à des entreprises sans lien entre elles répartissent le mieux le risque : la défaillance d'une entreprise, ou les difficultés d'un secteur, ne touchent qu'une petite partie de l'argent.",
    ),
  },

  // ---------------------------------------------------------------------------------------------
  // Past investments: what a track record and a past return tell.
  {
    id: 'q10',
    topic: 'past_investments',
    text: t(
      'A company repaid all its earlier loans on time. What does that mean for its new loan?',
      'Ein Unternehmen hat alle früheren Kredite pünktlich zurückgezahlt. Was bedeutet das für seinen neuen Kredit?',
      'Una empresa devolvió puntualmente todos sus préstamos anteriores. ¿Qué significa eso para su nuevo préstamo?',
      "Une entreprise a remboursé à temps tous ses prêts précédents. Qu'est-ce que cela signifie pour son nouveau prêt ?",
    ),
    options: options(
      [
        'The new loan will certainly be repaid.',
        'Der neue Kredit wird sicher zurückgezahlt.',
        'El nuevo préstamo se devolverá con seguridad.',
        'Le nouveau prêt sera remboursé à coup sûr.',
      ],
      [
        'It is useful information, but past repayments do not guarantee future ones.',
        'Das ist eine nützliche Information, aber frühere Rückzahlungen garantieren keine künftigen.',
        'Es una información útil, pero los reembolsos pasados no garantizan los futuros.',
        "C'est une information utile, mais les remboursements passés ne garantissent pas les remboursements futurs.",
      ],
      [
        'The platform will repay the new loan if the company does not.',
        'Die Plattform zahlt den neuen Kredit zurück, wenn das Unternehmen es nicht tut.',
        'La plataforma devolverá el nuevo préstamo si la empresa no lo hace.',
        "La plateforme remboursera le nouveau prêt si l'entreprise ne le fait pas.",
      ],
      [
        'The new loan needs no risk assessment.',
        'Der neue Kredit braucht keine Risikobewertung.',
        'El nuevo préstamo no necesita ninguna evaluación del riesgo.',
        'Le nouveau prêt ne nécessite aucune évaluation du risque.',
      ],
    ),
    correct: 'b',
    explanation: t(
      'Past performance is not a reliable indicator of future results: a company that always paid can still fail. Use its track record as one piece of information among others.',
      'Frühere Ergebnisse sind kein verlässlicher Hinweis auf künftige: Auch ein Unternehmen, das immer gezahlt hat, kann ausfallen. Nutzen Sie seine Historie als eine Information unter mehreren.',
      'La rentabilidad pasada no es un indicador fiable de los resultados futuros: una empresa que siempre ha pagado puede quebrar. Utilice su historial como un dato más entre otros.',
      'Les performances passées ne préjugent pas des résultats futurs : une entreprise qui a toujours payé peut quand même faire défaut. Utilisez son historique comme une information parmi d’autres.',
    ),
  },
  {
    id: 'q11',
    topic: 'past_investments',
    text: t(
      'Your crowdfunding loans paid 8 % interest last year, but one of them defaulted. What was your actual return?',
      'Ihre Crowdfunding-Kredite haben im letzten Jahr 8 % Zinsen gebracht, aber einer davon ist ausgefallen. Wie hoch war Ihre tatsächliche Rendite?',
      'Sus préstamos de financiación participativa pagaron un 8 % de interés el año pasado, pero uno de ellos resultó impagado. ¿Cuál fue su rentabilidad real?',
      "Vos prêts de financement participatif ont rapporté 8 % d'intérêts l'an dernier, mais l'un d'eux a fait défaut. Quel a été votre rendement réel ?",
    ),
    options: options(
      [
        'Exactly 8 %, because the interest rate is fixed.',
        'Genau 8 %, weil der Zinssatz fest ist.',
        'Exactamente el 8 %, porque el tipo de interés es fijo.',
        "Exactement 8 %, car le taux d'intérêt est fixe.",
      ],
      [
        'More than 8 %, because defaults are compensated.',
        'Mehr als 8 %, weil Ausfälle ausgeglichen werden.',
        'Más del 8 %, porque los impagos se compensan.',
        'Plus de 8 %, car les défauts sont compensés.',
      ],
      [
        'It cannot be known, even afterwards.',
        'Das lässt sich auch im Nachhinein nicht feststellen.',
        'No se puede saber, ni siquiera después.',
        'On ne peut pas le savoir, même après coup.',
      ],
      [
        'Less than 8 %: the loss from the default and any fees reduce the return.',
        'Weniger als 8 %: Der Verlust aus dem Ausfall und etwaige Gebühren mindern die Rendite.',
        'Menos del 8 %: la pérdida por el impago y las posibles comisiones reducen la rentabilidad.',
        'Moins de 8 % : la perte due au défaut et les éventuels frais réduisent le rendement.',
      ],
    ),
    correct: 'd',
    explanation: t(
      'The return you actually earn is the interest received minus the losses on loans that were not repaid and minus fees. Judge your past investments by that figure, not by the interest rates alone.',
      'Ihre tatsächliche Rendite sind die erhaltenen Zinsen abzüglich der Verluste aus nicht zurückgezahlten Krediten und abzüglich der Gebühren. Beurteilen Sie Ihre bisherigen Investitionen nach dieser Zahl, nicht allein nach den Zinssätzen.',
      'La rentabilidad que obtiene realmente son los intereses cobrados menos las pérdidas de los préstamos no devueltos y menos las comisiones. Valore sus inversiones pasadas por esa cifra, no solo por los tipos de interés.',
      'Le rendement que vous obtenez réellement correspond aux intérêts perçus, moins les pertes sur les prêts non remboursés et moins les frais. Jugez vos investissements passés sur ce chiffre, pas seulement sur les taux d’intérêt.',
    ),
  },
  {
    id: 'q12',
    topic: 'past_investments',
    text: t(
      'You have invested in listed shares or bonds before. How is a crowdfunding loan different?',
      'Sie haben schon in börsennotierte Aktien oder Anleihen investiert. Was unterscheidet einen Crowdfunding-Kredit davon?',
      'Ya ha invertido en acciones u obligaciones cotizadas. ¿En qué se diferencia un préstamo de financiación participativa?',
      'Vous avez déjà investi en actions ou en obligations cotées. En quoi un prêt de financement participatif est-il différent ?',
    ),
    options: options(
      [
        'It is traded on a stock exchange in the same way.',
        'Er wird genauso an einer Börse gehandelt.',
        'Se negocia en bolsa de la misma manera.',
        'Il se négocie en bourse de la même façon.',
      ],
      [
        'It is usually held until its end, can hardly be sold, and no investor compensation scheme covers it.',
        'Er wird meist bis zum Ende gehalten, lässt sich kaum verkaufen und ist durch keine Anlegerentschädigung gedeckt.',
        'Normalmente se mantiene hasta su vencimiento, apenas puede venderse y no lo cubre ningún sistema de indemnización de los inversores.',
        "Il est généralement conservé jusqu'à son terme, se revend difficilement et n'est couvert par aucun système d'indemnisation des investisseurs.",
      ],
      [
        'It is less risky, because the companies are smaller.',
        'Er ist weniger riskant, weil die Unternehmen kleiner sind.',
        'Tiene menos riesgo, porque las empresas son más pequeñas.',
        'Il est moins risqué, car les entreprises sont plus petites.',
      ],
      [
        'It is not different at all.',
        'Es gibt keinen Unterschied.',
        'No se diferencia en nada.',
        "Il n'est pas différent du tout.",
      ],
    ),
    correct: 'b',
    explanation: t(
      'Experience with listed securities helps, but crowdfunding loans have features of their own: no stock exchange, little or no way to sell before the end, and no compensation if the company fails.',
      'Erfahrung mit börsennotierten Wertpapieren hilft, aber Crowdfunding-Kredite haben eigene Merkmale: keine Börse, kaum oder keine Möglichkeit, vor dem Ende zu verkaufen, und keine Entschädigung, wenn das Unternehmen ausfällt.',
      'La experiencia con valores cotizados ayuda, pero los préstamos de financiación participativa tienen sus propias características: no cotizan en bolsa, apenas pueden venderse antes del vencimiento y no hay ninguna indemnización si la empresa quiebra.',
      "L'expérience des titres cotés aide, mais les prêts de financement participatif ont leurs propres caractéristiques : pas de bourse, peu ou pas de possibilité de revendre avant le terme, et aucune indemnisation si l'entreprise fait défaut.",
    ),
  },

  // ---------------------------------------------------------------------------------------------
  // Crowdfunding experience: how crowdfunding works, the key investment information sheet (Art. 23).
  {
    id: 'q13',
    topic: 'crowdfunding_experience',
    text: t(
      "What is the platform's role in a crowdfunding loan?",
      'Welche Rolle hat die Plattform bei einem Crowdfunding-Kredit?',
      '¿Qué papel tiene la plataforma en un préstamo de financiación participativa?',
      'Quel est le rôle de la plateforme dans un prêt de financement participatif ?',
    ),
    options: options(
      [
        'It lends its own money to the companies and guarantees repayment.',
        'Sie verleiht eigenes Geld an die Unternehmen und garantiert die Rückzahlung.',
        'Presta su propio dinero a las empresas y garantiza la devolución.',
        'Elle prête son propre argent aux entreprises et garantit le remboursement.',
      ],
      [
        'It is a bank that holds your investment as a deposit.',
        'Sie ist eine Bank, die Ihre Investition als Einlage verwahrt.',
        'Es un banco que guarda su inversión como un depósito.',
        "C'est une banque qui conserve votre investissement comme un dépôt.",
      ],
      [
        'It brings investors and companies together; the loan is between you and the company, and the platform does not guarantee repayment.',
        'Sie bringt Anleger und Unternehmen zusammen; der Kredit besteht zwischen Ihnen und dem Unternehmen, und die Plattform garantiert keine Rückzahlung.',
        'Pone en contacto a inversores y empresas; el préstamo es entre usted y la empresa, y la plataforma no garantiza su devolución.',
        "Elle met en relation investisseurs et entreprises ; le prêt est conclu entre vous et l'entreprise, et la plateforme ne garantit pas le remboursement.",
      ],
      [
        'It is the public authority that approves the projects.',
        'Sie ist die Behörde, die die Projekte genehmigt.',
        'Es la autoridad pública que aprueba los proyectos.',
        "C'est l'autorité publique qui approuve les projets.",
      ],
    ),
    correct: 'c',
    explanation: t(
      'A crowdfunding service provider is an intermediary (Art. 2 of the regulation): it selects and publishes projects and handles the payments, but your debtor is the company, and the platform does not repay in its place.',
      'Ein Schwarmfinanzierungsdienstleister ist ein Vermittler (Art. 2 der Verordnung): Er wählt Projekte aus, veröffentlicht sie und wickelt die Zahlungen ab, aber Ihr Schuldner ist das Unternehmen, und die Plattform zahlt nicht an dessen Stelle zurück.',
      'Un proveedor de servicios de financiación participativa es un intermediario (art. 2 del Reglamento): selecciona y publica proyectos y gestiona los pagos, pero su deudor es la empresa, y la plataforma no paga en su lugar.',
      'Un prestataire de services de financement participatif est un intermédiaire (art. 2 du règlement) : il sélectionne et publie les projets et traite les paiements, mais votre débiteur est l’entreprise, et la plateforme ne rembourse pas à sa place.',
    ),
  },
  {
    id: 'q14',
    topic: 'crowdfunding_experience',
    text: t(
      "Who has verified or approved a project's key investment information sheet?",
      'Wer hat das Anlagebasisinformationsblatt eines Projekts geprüft oder gebilligt?',
      '¿Quién ha verificado o aprobado la ficha de datos fundamentales de la inversión de un proyecto?',
      "Qui a vérifié ou approuvé la fiche d'informations clés sur l'investissement d'un projet ?",
    ),
    options: options(
      [
        'The national supervisory authority.',
        'Die nationale Aufsichtsbehörde.',
        'La autoridad nacional de supervisión.',
        "L'autorité nationale de surveillance.",
      ],
      [
        'ESMA, the European Securities and Markets Authority.',
        'Die ESMA, die Europäische Wertpapier- und Marktaufsichtsbehörde.',
        'La AEVM (ESMA), la Autoridad Europea de Valores y Mercados.',
        "L'AEMF (ESMA), l'Autorité européenne des marchés financiers.",
      ],
      [
        'The European Central Bank.',
        'Die Europäische Zentralbank.',
        'El Banco Central Europeo.',
        'La Banque centrale européenne.',
      ],
      [
        'Neither the competent authorities nor ESMA: the company drafts it and is responsible for it.',
        'Weder die zuständigen Behörden noch die ESMA: Das Unternehmen erstellt es und ist dafür verantwortlich.',
        'Ni las autoridades competentes ni la AEVM: la empresa la redacta y es responsable de ella.',
        "Ni les autorités compétentes ni l'AEMF : l'entreprise la rédige et en est responsable.",
      ],
    ),
    correct: 'd',
    explanation: t(
      'The sheet opens with this disclaimer: the offer has been neither verified nor approved by competent authorities or ESMA (Art. 23). The company is responsible for its content and the platform checks that it is complete; read it critically.',
      'Das Blatt beginnt mit dem Hinweis, dass das Angebot weder von den zuständigen Behörden noch von der ESMA geprüft oder gebilligt wurde (Art. 23). Für den Inhalt ist das Unternehmen verantwortlich, die Plattform prüft ihn auf Vollständigkeit; lesen Sie es kritisch.',
      'La ficha empieza con esta advertencia: la oferta no ha sido verificada ni aprobada por las autoridades competentes ni por la AEVM (art. 23). La empresa es responsable de su contenido y la plataforma comprueba que esté completa; léala con espíritu crítico.',
      "La fiche commence par cet avertissement : l'offre n'a été ni vérifiée ni approuvée par les autorités compétentes ou l'AEMF (art. 23). L'entreprise est responsable de son contenu et la plateforme vérifie qu'elle est complète ; lisez-la avec un esprit critique.",
    ),
  },
  {
    id: 'q15',
    topic: 'crowdfunding_experience',
    text: t(
      'Before investing in a project, which document should you read to understand its risks, terms and costs?',
      'Welches Dokument sollten Sie vor einer Investition lesen, um die Risiken, Bedingungen und Kosten eines Projekts zu verstehen?',
      'Antes de invertir en un proyecto, ¿qué documento debe leer para entender sus riesgos, condiciones y costes?',
      "Avant d'investir dans un projet, quel document devez-vous lire pour en comprendre les risques, les conditions et les coûts ?",
    ),
    options: options(
      [
        'The key investment information sheet.',
        'Das Anlagebasisinformationsblatt.',
        'La ficha de datos fundamentales de la inversión.',
        "La fiche d'informations clés sur l'investissement.",
      ],
      [
        "Only the project's advertising.",
        'Nur die Werbung für das Projekt.',
        'Solo la publicidad del proyecto.',
        'Uniquement la publicité du projet.',
      ],
      [
        "The company's posts on social media.",
        'Die Beiträge des Unternehmens in sozialen Medien.',
        'Las publicaciones de la empresa en redes sociales.',
        "Les publications de l'entreprise sur les réseaux sociaux.",
      ],
      [
        'None: the platform has already checked everything for you.',
        'Keines: Die Plattform hat schon alles für Sie geprüft.',
        'Ninguno: la plataforma ya lo ha comprobado todo por usted.',
        'Aucun : la plateforme a déjà tout vérifié pour vous.',
      ],
    ),
    correct: 'a',
    explanation: t(
      "The key investment information sheet (Art. 23) sets out the project, the company, the main risks, the loan's terms and the costs on at most six pages. Read it before every investment.",
      'Das Anlagebasisinformationsblatt (Art. 23) beschreibt auf höchstens sechs Seiten das Projekt, das Unternehmen, die wichtigsten Risiken, die Kreditbedingungen und die Kosten. Lesen Sie es vor jeder Investition.',
      'La ficha de datos fundamentales de la inversión (art. 23) presenta en seis páginas como máximo el proyecto, la empresa, los principales riesgos, las condiciones del préstamo y los costes. Léala antes de cada inversión.',
      "La fiche d'informations clés sur l'investissement (art. 23) présente en six pages au maximum le projet, l'entreprise, les principaux risques, les conditions du prêt et les coûts. Lisez-la avant chaque investissement.",
    ),
  },
];

/**
 * The risk warning an investor confirms after a failed test (Art. 21(5); the contract's words in
 * English, RISK_WARNING_TEXT), as shown in each language. The stored acknowledgement keeps the text shown.
 */
export const RISK_WARNINGS: Texts = t(
  'An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.',
  'Eine Investition in ein Crowdfunding-Projekt birgt das Risiko, das gesamte investierte Geld zu verlieren.',
  'Una inversión en un proyecto de financiación participativa conlleva el riesgo de perder la totalidad del dinero invertido.',
  "Un investissement dans un projet de financement participatif comporte le risque de perdre la totalité de l'argent investi.",
);
