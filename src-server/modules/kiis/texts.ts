/**
 * The key investment information sheet's texts in the four languages of the platform (EU 2020/1503
 * Art. 23; Delegated Regulation (EU) 2022/2119, Annex I). The disclaimer (Art. 23(6)(a)), the risk
 * warning and the reflection-period notice (Art. 22) are the regulation's own wording in each
 * language version, as best we know it; everything else is the platform's. The PDF (pdf.ts) prints
 * them; nothing here is sent to the browser.
 */
import type { LanguageCode } from '../../../src-shared/constants/enums';
import type { KiisField, KiisRiskKind } from '../../../src-shared/contracts/kiis';
import type { RepaymentFrequency, RepaymentType } from '../../../src-shared/constants/enums';

export interface KiisTexts {
  title: string;
  /** '{company}' and '{date}' are filled in. */
  ownerLine: string;
  dateLine: string;
  previewBanner: string;
  /** Art. 23(6)(a): the disclaimer, printed first under the title. */
  disclaimer: string;
  riskWarningTitle: string;
  /** Annex I of 2022/2119: the risk warning, verbatim. */
  riskWarning: string;
  reflectionTitle: string;
  /** Art. 22(2) and Annex I of 2022/2119: the reflection period, verbatim. */
  reflection: string;
  /** How to revoke on this platform. */
  reflectionHow: string;
  partA: string;
  partB: string;
  partC: string;
  useOfFundsTitle: string;
  fields: Record<KiisField, string>;
  keyFigures: { year: string; turnover: string; netProfit: string; totalAssets: string };
  risks: Record<KiisRiskKind, string>;
  notProvided: string;
  termsTitle: string;
  terms: {
    target: string;
    minimum: string;
    maximum: string;
    rate: string;
    ratePerYear: string;
    period: string;
    months: string;
    repayment: string;
    grace: string;
    closingDate: string;
    fees: string;
    /** '{rate}' is the service fee in percent of the interest. */
    feesText: string;
    targetMissed: string;
    targetMissedText: string;
  };
  repaymentTypes: Record<RepaymentType, string>;
  frequencies: Record<RepaymentFrequency, string>;
  /** '{page}', '{pages}' filled in. */
  footer: string;
}

const en: KiisTexts = {
  title: 'Key investment information sheet',
  ownerLine: 'Project owner: {company}',
  dateLine: 'Date of this sheet: {date}',
  previewBanner:
    'PREVIEW of the draft: not yet checked by the platform. Investors read the version published when the venture is approved.',
  disclaimer:
    'This crowdfunding offer has been neither verified nor approved by competent authorities or the European Securities and Markets Authority (ESMA). The appropriateness of your experience and knowledge have not necessarily been assessed before you were granted access to this investment. By making this investment, you assume full risk of taking this investment, including the risk of partial or entire loss of the money invested.',
  riskWarningTitle: 'Risk warning',
  riskWarning:
    'Investment in this crowdfunding project entails risks, including the risk of partial or entire loss of the money invested. Your investment is not covered by the deposit guarantee schemes established in accordance with Directive 2014/49/EU of the European Parliament and of the Council. Your investment is also not covered by the investor compensation schemes established in accordance with Directive 97/9/EC of the European Parliament and of the Council. You may not receive any return on your investment. This is not a saving product and we advise you not to invest more than 10 % of your net worth in crowdfunding projects. You may not be able to sell the investment instruments when you wish. If you are able to sell them, you may nonetheless incur losses.',
  reflectionTitle: 'Pre-contractual reflection period for non-sophisticated investors',
  reflection:
    'Non-sophisticated investors benefit from a reflection period during which they can, at any time, revoke their offer to invest or expression of interest in the crowdfunding offer without giving a reason and without incurring a penalty. The reflection period starts at the moment when the offer to invest or expression of interest is made by the prospective non-sophisticated investor and expires after 4 calendar days.',
  reflectionHow:
    'How to revoke: open the investment’s page in your account (My investments) and press Revoke within the 4 days. The whole amount is refunded to your balance.',
  partA: 'Part A: The project owner',
  partB: 'Part B: The crowdfunding project',
  partC: 'Part C: Risk factors',
  useOfFundsTitle: 'Use of the funds raised',
  fields: {
    ownerDescription: 'Project owner',
    management: 'Management',
    responsiblePersons: 'Persons responsible for the information in this sheet',
    responsibilityStatement: 'Responsibility statement',
    activities: 'Principal activities, products and services',
    keyFigures: 'Key financial figures (last 3 years)',
    projectDescription: 'Description of the project',
    risks: 'Main risks',
    useOfFunds: 'Use of the funds raised',
  },
  keyFigures: { year: 'Year', turnover: 'Turnover', netProfit: 'Net profit', totalAssets: 'Total assets' },
  risks: {
    project: 'Project risk',
    sector: 'Sector risk',
    default: 'Risk of default',
    liquidity: 'Risk of illiquidity',
    platform: 'Risk of platform failure',
    other: 'Other risk',
  },
  notProvided: 'Not provided yet.',
  termsTitle: 'Terms of the offer',
  terms: {
    target: 'Target amount',
    minimum: 'Minimum investment',
    maximum: 'Maximum investment',
    rate: 'Interest rate',
    ratePerYear: '{rate} per year',
    period: 'Term of the loan',
    months: '{n} months',
    repayment: 'Repayment',
    grace: 'Grace periods (interest only)',
    closingDate: 'Closing date of the offer',
    fees: 'Fees',
    feesText:
      'Investing and revoking are free. The platform keeps a service fee of {rate} % of the interest paid to investors; the principal is repaid without deduction.',
    targetMissed: 'If the target is not reached',
    targetMissedText:
      'If the target amount is not reached by the closing date, the offer is cancelled and every investment is refunded in full to the investor’s balance.',
  },
  repaymentTypes: {
    bullet: 'Bullet: interest paid along the way, the principal at the end',
    annuity: 'Annuity: equal instalments of interest and principal',
    equal_principal: 'Equal principal: the same share of principal each time, plus interest',
  },
  frequencies: { monthly: 'monthly', quarterly: 'quarterly' },
  footer: 'Key investment information sheet, page {page} of {pages}',
};

const de: KiisTexts = {
  title: 'Basisinformationsblatt für Anleger',
  ownerLine: 'Projektträger: {company}',
  dateLine: 'Stand dieses Blattes: {date}',
  previewBanner:
    'VORSCHAU des Entwurfs: von der Plattform noch nicht geprüft. Anleger lesen die Fassung, die mit der Freigabe des Projekts veröffentlicht wird.',
  disclaimer:
    'Dieses Crowdfunding-Angebot wurde weder von den zuständigen Behörden noch von der Europäischen Wertpapier- und Marktaufsichtsbehörde (ESMA) überprüft oder genehmigt. Die Angemessenheit Ihrer Erfahrungen und Kenntnisse wurde nicht notwendigerweise geprüft, bevor Ihnen Zugang zu dieser Investition gewährt wurde. Mit dieser Investition übernehmen Sie das volle Risiko dieser Investition, einschließlich des Risikos eines teilweisen oder vollständigen Verlusts des investierten Geldes.',
  riskWarningTitle: 'Risikowarnung',
  riskWarning:
    'Die Investition in dieses Crowdfunding-Projekt ist mit Risiken verbunden, einschließlich des Risikos eines teilweisen oder vollständigen Verlusts des investierten Geldes. Ihre Investition ist nicht durch die gemäß der Richtlinie 2014/49/EU des Europäischen Parlaments und des Rates eingerichteten Einlagensicherungssysteme gedeckt. Ihre Investition ist auch nicht durch die gemäß der Richtlinie 97/9/EG des Europäischen Parlaments und des Rates eingerichteten Systeme für die Entschädigung der Anleger gedeckt. Möglicherweise erhalten Sie keine Rendite für Ihre Investition. Dies ist kein Sparprodukt, und wir raten Ihnen, nicht mehr als 10 % Ihres Reinvermögens in Crowdfunding-Projekte zu investieren. Möglicherweise können Sie die Anlageinstrumente nicht verkaufen, wenn Sie dies wünschen. Auch wenn Sie sie verkaufen können, erleiden Sie möglicherweise dennoch Verluste.',
  reflectionTitle: 'Vorvertragliche Bedenkzeit für nicht kundige Anleger',
  reflection:
    'Nicht kundige Anleger haben eine Bedenkzeit, während der sie ihr Angebot zur Investition oder ihre Interessenbekundung für das Crowdfunding-Angebot jederzeit ohne Angabe von Gründen und ohne Vertragsstrafe widerrufen können. Die Bedenkzeit beginnt zu dem Zeitpunkt, zu dem der potenzielle nicht kundige Anleger das Angebot zur Investition oder die Interessenbekundung abgibt, und endet nach 4 Kalendertagen.',
  reflectionHow:
    'So widerrufen Sie: Öffnen Sie in Ihrem Konto die Seite der Investition (Meine Investitionen) und drücken Sie innerhalb der 4 Tage auf Widerrufen. Der ganze Betrag wird Ihrem Guthaben gutgeschrieben.',
  partA: 'Teil A: Der Projektträger',
  partB: 'Teil B: Das Crowdfunding-Projekt',
  partC: 'Teil C: Risikofaktoren',
  useOfFundsTitle: 'Verwendung der eingeworbenen Mittel',
  fields: {
    ownerDescription: 'Projektträger',
    management: 'Geschäftsführung',
    responsiblePersons: 'Für die Angaben in diesem Blatt verantwortliche Personen',
    responsibilityStatement: 'Verantwortungserklärung',
    activities: 'Haupttätigkeiten, Produkte und Dienstleistungen',
    keyFigures: 'Wichtige Finanzkennzahlen (letzte 3 Jahre)',
    projectDescription: 'Beschreibung des Projekts',
    risks: 'Hauptrisiken',
    useOfFunds: 'Verwendung der eingeworbenen Mittel',
  },
  keyFigures: { year: 'Jahr', turnover: 'Umsatz', netProfit: 'Jahresüberschuss', totalAssets: 'Bilanzsumme' },
  risks: {
    project: 'Projektrisiko',
    sector: 'Branchenrisiko',
    default: 'Ausfallrisiko',
    liquidity: 'Illiquiditätsrisiko',
    platform: 'Risiko eines Ausfalls der Plattform',
    other: 'Sonstiges Risiko',
  },
  notProvided: 'Noch nicht angegeben.',
  termsTitle: 'Bedingungen des Angebots',
  terms: {
    target: 'Zielbetrag',
    minimum: 'Mindestinvestition',
    maximum: 'Höchstinvestition',
    rate: 'Zinssatz',
    ratePerYear: '{rate} pro Jahr',
    period: 'Laufzeit des Darlehens',
    months: '{n} Monate',
    repayment: 'Rückzahlung',
    grace: 'Tilgungsfreie Perioden (nur Zinsen)',
    closingDate: 'Ende der Zeichnungsfrist',
    fees: 'Gebühren',
    feesText:
      'Investieren und Widerrufen sind kostenlos. Die Plattform behält eine Servicegebühr von {rate} % der an die Anleger gezahlten Zinsen ein; das Kapital wird ohne Abzug zurückgezahlt.',
    targetMissed: 'Wenn der Zielbetrag nicht erreicht wird',
    targetMissedText:
      'Wird der Zielbetrag bis zum Ende der Zeichnungsfrist nicht erreicht, wird das Angebot abgesagt und jede Investition vollständig dem Guthaben des Anlegers erstattet.',
  },
  repaymentTypes: {
    bullet: 'Endfällig: Zinsen laufend, das Kapital am Ende',
    annuity: 'Annuität: gleich hohe Raten aus Zins und Tilgung',
    equal_principal: 'Ratentilgung: jedes Mal der gleiche Tilgungsanteil, dazu die Zinsen',
  },
  frequencies: { monthly: 'monatlich', quarterly: 'vierteljährlich' },
  footer: 'Basisinformationsblatt für Anleger, Seite {page} von {pages}',
};

const es: KiisTexts = {
  title: 'Ficha de datos fundamentales de la inversión',
  ownerLine: 'Promotor del proyecto: {company}',
  dateLine: 'Fecha de esta ficha: {date}',
  previewBanner:
    'VISTA PREVIA del borrador: la plataforma aún no la ha revisado. Los inversores leen la versión publicada al aprobarse el proyecto.',
  disclaimer:
    'La presente oferta de financiación participativa no ha sido verificada ni aprobada por las autoridades competentes ni por la Autoridad Europea de Valores y Mercados (AEVM). No se ha evaluado necesariamente la adecuación de su experiencia y conocimientos antes de que se le concediera acceso a esta inversión. Al realizar esta inversión, usted asume plenamente el riesgo que conlleva, incluido el riesgo de pérdida parcial o total del dinero invertido.',
  riskWarningTitle: 'Advertencia sobre riesgos',
  riskWarning:
    'La inversión en este proyecto de financiación participativa conlleva riesgos, incluido el riesgo de pérdida parcial o total del dinero invertido. Su inversión no está cubierta por los sistemas de garantía de depósitos establecidos de conformidad con la Directiva 2014/49/UE del Parlamento Europeo y del Consejo. Su inversión tampoco está cubierta por los sistemas de indemnización de los inversores establecidos de conformidad con la Directiva 97/9/CE del Parlamento Europeo y del Consejo. Es posible que no obtenga ningún rendimiento de su inversión. No se trata de un producto de ahorro y le aconsejamos que no invierta más del 10 % de su patrimonio neto en proyectos de financiación participativa. Es posible que no pueda vender los instrumentos de inversión cuando lo desee. Aunque pueda venderlos, podría sufrir pérdidas.',
  reflectionTitle: 'Período de reflexión precontractual para los inversores no experimentados',
  reflection:
    'Los inversores no experimentados disponen de un período de reflexión durante el cual pueden, en cualquier momento, revocar su oferta de inversión o su manifestación de interés en la oferta de financiación participativa sin necesidad de justificación y sin incurrir en penalización alguna. El período de reflexión comienza en el momento en que el posible inversor no experimentado realiza la oferta de inversión o la manifestación de interés y expira transcurridos 4 días naturales.',
  reflectionHow:
    'Cómo revocar: abra la página de la inversión en su cuenta (Mis inversiones) y pulse Revocar dentro de los 4 días. Se le reembolsa el importe íntegro en su saldo.',
  partA: 'Parte A: El promotor del proyecto',
  partB: 'Parte B: El proyecto de financiación participativa',
  partC: 'Parte C: Factores de riesgo',
  useOfFundsTitle: 'Uso de los fondos obtenidos',
  fields: {
    ownerDescription: 'Promotor del proyecto',
    management: 'Dirección',
    responsiblePersons: 'Personas responsables de la información de esta ficha',
    responsibilityStatement: 'Declaración de responsabilidad',
    activities: 'Actividades principales, productos y servicios',
    keyFigures: 'Principales cifras financieras (últimos 3 años)',
    projectDescription: 'Descripción del proyecto',
    risks: 'Riesgos principales',
    useOfFunds: 'Uso de los fondos obtenidos',
  },
  keyFigures: {
    year: 'Año',
    turnover: 'Volumen de negocio',
    netProfit: 'Beneficio neto',
    totalAssets: 'Activo total',
  },
  risks: {
    project: 'Riesgo del proyecto',
    sector: 'Riesgo del sector',
    default: 'Riesgo de impago',
    liquidity: 'Riesgo de iliquidez',
    platform: 'Riesgo de quiebra de la plataforma',
    other: 'Otro riesgo',
  },
  notProvided: 'Todavía sin indicar.',
  termsTitle: 'Condiciones de la oferta',
  terms: {
    target: 'Importe objetivo',
    minimum: 'Inversión mínima',
    maximum: 'Inversión máxima',
    rate: 'Tipo de interés',
    ratePerYear: '{rate} anual',
    period: 'Plazo del préstamo',
    months: '{n} meses',
    repayment: 'Reembolso',
    grace: 'Períodos de carencia (solo intereses)',
    closingDate: 'Fecha de cierre de la oferta',
    fees: 'Comisiones',
    feesText:
      'Invertir y revocar es gratuito. La plataforma retiene una comisión de servicio del {rate} % de los intereses pagados a los inversores; el capital se reembolsa sin deducción.',
    targetMissed: 'Si no se alcanza el objetivo',
    targetMissedText:
      'Si el importe objetivo no se alcanza antes de la fecha de cierre, la oferta se cancela y cada inversión se reembolsa íntegramente en el saldo del inversor.',
  },
  repaymentTypes: {
    bullet: 'Al vencimiento: intereses periódicos, el capital al final',
    annuity: 'Cuota constante: cuotas iguales de intereses y capital',
    equal_principal: 'Amortización constante: la misma parte de capital cada vez, más intereses',
  },
  frequencies: { monthly: 'mensual', quarterly: 'trimestral' },
  footer: 'Ficha de datos fundamentales de la inversión, página {page} de {pages}',
};

const fr: KiisTexts = {
  title: 'Fiche d’informations clés sur l’investissement',
  ownerLine: 'Porteur de projet : {company}',
  dateLine: 'Date de cette fiche : {date}',
  previewBanner:
    'APERÇU du brouillon : pas encore vérifié par la plateforme. Les investisseurs lisent la version publiée à l’approbation du projet.',
  disclaimer:
    'La présente offre de financement participatif n’a été ni vérifiée ni approuvée par les autorités compétentes ou par l’Autorité européenne des marchés financiers (AEMF). Le caractère approprié de votre expérience et de vos connaissances n’a pas nécessairement été évalué avant que l’accès à cet investissement ne vous soit accordé. En réalisant cet investissement, vous assumez pleinement le risque lié à cet investissement, y compris le risque de perte partielle ou totale de l’argent investi.',
  riskWarningTitle: 'Avertissement sur les risques',
  riskWarning:
    'Investir dans ce projet de financement participatif comporte des risques, y compris le risque de perte partielle ou totale de l’argent investi. Votre investissement n’est pas couvert par les systèmes de garantie des dépôts institués conformément à la directive 2014/49/UE du Parlement européen et du Conseil. Votre investissement n’est pas non plus couvert par les systèmes d’indemnisation des investisseurs institués conformément à la directive 97/9/CE du Parlement européen et du Conseil. Il se peut que vous ne perceviez aucun rendement sur votre investissement. Il ne s’agit pas d’un produit d’épargne et nous vous conseillons de ne pas investir plus de 10 % de votre patrimoine net dans des projets de financement participatif. Il se peut que vous ne puissiez pas vendre les instruments de placement au moment où vous le souhaitez. Même si vous êtes en mesure de les vendre, vous pourriez néanmoins subir des pertes.',
  reflectionTitle: 'Délai de réflexion précontractuel pour les investisseurs non avertis',
  reflection:
    'Les investisseurs non avertis bénéficient d’un délai de réflexion pendant lequel ils peuvent, à tout moment, révoquer leur offre d’investissement ou leur manifestation d’intérêt pour l’offre de financement participatif sans avoir à se justifier et sans encourir de pénalité. Le délai de réflexion commence au moment où l’investisseur non averti potentiel fait l’offre d’investissement ou manifeste son intérêt et expire au bout de 4 jours calendaires.',
  reflectionHow:
    'Comment révoquer : ouvrez la page de l’investissement dans votre compte (Mes investissements) et appuyez sur Révoquer dans les 4 jours. La totalité du montant est recréditée sur votre solde.',
  partA: 'Partie A : Le porteur de projet',
  partB: 'Partie B : Le projet de financement participatif',
  partC: 'Partie C : Facteurs de risque',
  useOfFundsTitle: 'Utilisation des fonds levés',
  fields: {
    ownerDescription: 'Porteur de projet',
    management: 'Direction',
    responsiblePersons: 'Personnes responsables des informations de cette fiche',
    responsibilityStatement: 'Déclaration de responsabilité',
    activities: 'Activités principales, produits et services',
    keyFigures: 'Principaux chiffres financiers (3 dernières années)',
    projectDescription: 'Description du projet',
    risks: 'Principaux risques',
    useOfFunds: 'Utilisation des fonds levés',
  },
  keyFigures: {
    year: 'Année',
    turnover: 'Chiffre d’affaires',
    netProfit: 'Résultat net',
    totalAssets: 'Total du bilan',
  },
  risks: {
    project: 'Risque lié au projet',
    sector: 'Risque sectoriel',
    default: 'Risque de défaut',
    liquidity: 'Risque d’illiquidité',
    platform: 'Risque de défaillance de la plateforme',
    other: 'Autre risque',
  },
  notProvided: 'Pas encore renseigné.',
  termsTitle: 'Conditions de l’offre',
  terms: {
    target: 'Montant cible',
    minimum: 'Investissement minimum',
    maximum: 'Investissement maximum',
    rate: 'Taux d’intérêt',
    ratePerYear: '{rate} par an',
    period: 'Durée du prêt',
    months: '{n} mois',
    repayment: 'Remboursement',
    grace: 'Périodes de différé (intérêts seuls)',
    closingDate: 'Date de clôture de l’offre',
    fees: 'Frais',
    feesText:
      'Investir et révoquer sont gratuits. La plateforme retient des frais de service de {rate} % des intérêts versés aux investisseurs ; le capital est remboursé sans déduction.',
    targetMissed: 'Si l’objectif n’est pas atteint',
    targetMissedText:
      'Si le montant cible n’est pas atteint à la date de clôture, l’offre est annulée et chaque investissement est intégralement recrédité sur le solde de l’investisseur.',
  },
  repaymentTypes: {
    bullet: 'In fine : intérêts au fil de l’eau, le capital à la fin',
    annuity: 'Annuités constantes : échéances égales d’intérêts et de capital',
    equal_principal: 'Amortissement constant : la même part de capital à chaque échéance, plus les intérêts',
  },
  frequencies: { monthly: 'mensuel', quarterly: 'trimestriel' },
  footer: 'Fiche d’informations clés sur l’investissement, page {page} sur {pages}',
};

export const KIIS_TEXTS: Record<LanguageCode, KiisTexts> = { en, de, es, fr };

/** Fills `{name}` placeholders. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
