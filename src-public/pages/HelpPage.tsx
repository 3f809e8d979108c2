import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';

export const HELP_TOPICS = [
  'getting-started',
  'how-to-register',
  'how-to-invest',
  'how-to-get-funding',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
const DEFAULT_TOPIC: HelpTopic = 'how-to-register';
/** Paragraph keys per topic (`help.topics.{topic}.{p}`). */
const PARAGRAPHS = ['p1', 'p2', 'p3'] as const;

type Feedback = 'yes' | 'no';

function isTopic(value: string | null): value is HelpTopic {
  return value !== null && (HELP_TOPICS as readonly string[]).includes(value);
}

/** The browser's storage key of the 'Was this article helpful?' answer of one article. */
export const helpFeedbackKey = (topic: HelpTopic) => `help-feedback:${topic}`;

/** The answer given to this article in this browser (none when storage is unavailable). */
function storedFeedback(topic: HelpTopic): Feedback | undefined {
  try {
    const value = window.localStorage.getItem(helpFeedbackKey(topic));
    return value === 'yes' || value === 'no' ? value : undefined;
  } catch {
    return undefined;
  }
}

function storeFeedback(topic: HelpTopic, answer: Feedback) {
  try {
    window.localStorage.setItem(helpFeedbackKey(topic), answer);
  } catch {
    // storage disabled: the answer holds for this visit only
  }
}

function allStoredFeedback(): Partial<Record<HelpTopic, Feedback>> {
  const answers: Partial<Record<HelpTopic, Feedback>> = {};
  for (const topic of HELP_TOPICS) {
    const answer = storedFeedback(topic);
    if (answer) answers[topic] = answer;
  }
  return answers;
}

function HelpfulControl({
  answer,
  onAnswer,
}: {
  answer: Feedback | undefined;
  onAnswer: (answer: Feedback) => void;
}) {
  const { t } = useTranslation();
  const questionId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={questionId}
      sx={{ mt: 4, pt: 3, borderTop: '1px solid', borderColor: 'divider' }}
    >
      <Typography id={questionId} sx={{ fontWeight: 600 }}>
        {t('help.feedback.question')}
      </Typography>
      {answer ? (
        <Box role="status" sx={{ mt: 1 }}>
          <Typography color="primary">
            {answer === 'yes' ? t('help.feedback.thanks') : t('help.feedback.improve')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('help.feedback.answered', {
              answer: answer === 'yes' ? t('help.feedback.yes') : t('help.feedback.no'),
            })}
          </Typography>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button variant="outlined" onClick={() => onAnswer('yes')}>
            {t('help.feedback.yes')}
          </Button>
          <Button variant="outlined" onClick={() => onAnswer('no')}>
            {t('help.feedback.no')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/**
 * The help centre (spec 2.3): a side menu of four topics (How to Register by default), the topic's
 * text and a 'Was this article helpful?' control (spec 4). Its answer is kept in this browser's
 * local storage, one key per article, so it shows as answered after a reload, and it cannot be
 * changed: the buttons give way to the thanks. On small screens the menu collapses behind a toggle
 * button.
 */
export function HelpPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('topic');
  const topic: HelpTopic = isTopic(requested) ? requested : DEFAULT_TOPIC;
  const [feedback, setFeedback] = useState(allStoredFeedback);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  const select = (next: HelpTopic) => {
    setSearchParams(next === DEFAULT_TOPIC ? {} : { topic: next }, { replace: true });
    setMenuOpen(false);
  };

  return (
    <Page title={t('help.title')} intro={t('help.intro')}>
      <Grid container spacing={4} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Button
            fullWidth
            variant="outlined"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            endIcon={menuOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ display: { xs: 'flex', md: 'none' }, mb: 1 }}
          >
            {t('help.topicsToggle', { topic: t(`help.topics.${topic}.title`) })}
          </Button>
          <Paper
            id={menuId}
            component="nav"
            variant="outlined"
            aria-label={t('help.topicsLabel')}
            sx={{ display: { xs: menuOpen ? 'block' : 'none', md: 'block' } }}
          >
            <List disablePadding>
              {HELP_TOPICS.map((item) => (
                <ListItem key={item} disablePadding>
                  <ListItemButton
                    selected={item === topic}
                    aria-current={item === topic ? 'page' : undefined}
                    onClick={() => select(item)}
                  >
                    <ListItemText primary={t(`help.topics.${item}.title`)} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Box component="article" aria-labelledby="help-topic-title">
            <Typography id="help-topic-title" component="h2" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
              {t(`help.topics.${topic}.title`)}
            </Typography>
            {PARAGRAPHS.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 2, lineHeight: 1.7 }}>
                {t(`help.topics.${topic}.${paragraph}`)}
              </Typography>
            ))}
            <HelpfulControl
              key={topic}
              answer={feedback[topic]}
              onAnswer={(answer) => {
                // The first answer stays, also one given meanwhile in another tab.
                const kept = feedback[topic] ?? storedFeedback(topic) ?? answer;
                storeFeedback(topic, kept);
                setFeedback((previous) => ({ ...previous, [topic]: previous[topic] ?? kept }));
              }}
            />
          </Box>
        </Grid>
      </Grid>
    </Page>
  );
}

export { HelpPage as Component };
