/** Static sample team of the About Us page (spec 3, "Team member"). Titles are i18n keys. */
export interface TeamMember {
  name: string;
  titleKey: string;
  social: { type: 'linkedin' | 'x'; url: string };
  email: string;
}

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Amara Okafor',
    titleKey: 'about.team.titles.ceo',
    social: { type: 'linkedin', url: 'https://www.linkedin.com/in/amara-okafor-afrivest' },
    email: 'amara.okafor@afrivest.example',
  },
  {
    name: 'Jonas Tamm',
    titleKey: 'about.team.titles.cfo',
    social: { type: 'linkedin', url: 'https://www.linkedin.com/in/jonas-tamm-afrivest' },
    email: 'jonas.tamm@afrivest.example',
  },
  {
    name: 'Wanjiru Kamau',
    titleKey: 'about.team.titles.cio',
    social: { type: 'x', url: 'https://x.com/wanjiru_afrivest' },
    email: 'wanjiru.kamau@afrivest.example',
  },
  {
    name: 'Laura Bērziņa',
    titleKey: 'about.team.titles.compliance',
    social: { type: 'linkedin', url: 'https://www.linkedin.com/in/laura-berzina-afrivest' },
    email: 'laura.berzina@afrivest.example',
  },
  {
    name: 'Kwame Mensah',
    titleKey: 'about.team.titles.risk',
    social: { type: 'linkedin', url: 'https://www.linkedin.com/in/kwame-mensah-afrivest' },
    email: 'kwame.mensah@afrivest.example',
  },
  {
    name: 'Tomas Petrauskas',
    titleKey: 'about.team.titles.cto',
    social: { type: 'x', url: 'https://x.com/tomas_afrivest' },
    email: 'tomas.petrauskas@afrivest.example',
  },
  {
    name: 'Fatou Diop',
    titleKey: 'about.team.titles.partnerships',
    social: { type: 'linkedin', url: 'https://www.linkedin.com/in/fatou-diop-afrivest' },
    email: 'fatou.diop@afrivest.example',
  },
  {
    name: 'Elena Rossi',
    titleKey: 'about.team.titles.support',
    social: { type: 'x', url: 'https://x.com/elena_afrivest' },
    email: 'elena.rossi@afrivest.example',
  },
];
