import { COMPANY } from '../layout/company';

/**
 * Static sample team of the About Us page (spec 3, "Team member"). Titles are i18n keys. The
 * social link of each member leads to the company's own page on that network (COMPANY.social),
 * never to a personal profile: the people are samples, a profile of that name may be anyone's.
 */
export type SocialNetwork = keyof typeof COMPANY.social;

export interface TeamMember {
  name: string;
  titleKey: string;
  social: { type: SocialNetwork; url: string };
  email: string;
}

const social = (type: SocialNetwork) => ({ type, url: COMPANY.social[type] });

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Amara Okafor',
    titleKey: 'about.team.titles.ceo',
    social: social('linkedin'),
    email: 'amara.okafor@afrivest.example',
  },
  {
    name: 'Jonas Tamm',
    titleKey: 'about.team.titles.cfo',
    social: social('linkedin'),
    email: 'jonas.tamm@afrivest.example',
  },
  {
    name: 'Wanjiru Kamau',
    titleKey: 'about.team.titles.cio',
    social: social('x'),
    email: 'wanjiru.kamau@afrivest.example',
  },
  {
    name: 'Laura Bērziņa',
    titleKey: 'about.team.titles.compliance',
    social: social('linkedin'),
    email: 'laura.berzina@afrivest.example',
  },
  {
    name: 'Kwame Mensah',
    titleKey: 'about.team.titles.risk',
    social: social('linkedin'),
    email: 'kwame.mensah@afrivest.example',
  },
  {
    name: 'Tomas Petrauskas',
    titleKey: 'about.team.titles.cto',
    social: social('x'),
    email: 'tomas.petrauskas@afrivest.example',
  },
  {
    name: 'Fatou Diop',
    titleKey: 'about.team.titles.partnerships',
    social: social('linkedin'),
    email: 'fatou.diop@afrivest.example',
  },
  {
    name: 'Elena Rossi',
    titleKey: 'about.team.titles.support',
    social: social('x'),
    email: 'elena.rossi@afrivest.example',
  },
];
