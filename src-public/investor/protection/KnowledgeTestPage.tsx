import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import {
  KNOWLEDGE_PASS_PERCENT,
  KNOWLEDGE_VALID_YEARS,
  type KnowledgeQuestion,
  type KnowledgeTestResult,
  type ProtectionProfile,
} from '../../../src-shared/contracts/protection';
import { Page } from '../../components/Page';
import { FailureAlert } from '../../components/FailureAlert';
import { APP_TOAST_MS, useToast } from '../../components/ToastProvider';
import { failureText } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { QueryStatus } from '../QueryStatus';
import { useAcknowledgeRisk, useKnowledgeTest, useProtectionProfile, useSubmitKnowledgeTest } from './api';
import { languageCode } from './flow';
import { BackToOverview, Facts, WhatNext } from './parts';

/**
 * /user/profile/investor/test: the knowledge test of EU 2020/1503 Art. 21(2)(a) and (3), Delegated
 * Regulation 2022/2114 Art. 1, in the reader's language (fetched again when the language changes).
 * One radio group per question; Submit names the questions still unanswered. The result says
 * passed or not, the score, the topics with no right answer and explains every answer. After a
 * failed test the risk warning of Art. 21(5) stays on the page until the investor acknowledges it;
 * Retake starts again. A passed test is valid for two years.
 */
export function KnowledgeTestPage() {
  const { t } = useTranslation();
  const profileQuery = useProtectionProfile();
  const profile = profileQuery.data;
  const [retaking, setRetaking] = useState(false);
  const [result, setResult] = useState<{
    result: KnowledgeTestResult;
    answers: Record<string, string>;
  } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const status = profile?.knowledgeTest.status;
  const sophisticated = profile?.category === 'sophisticated';
  const showQuestions =
    !result && !sophisticated && (retaking || status === 'not_taken' || status === 'review_due');

  const retake = () => {
    setResult(null);
    setRetaking(true);
    // The questions replace the result: the reader starts at the top of the form.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <Page title={t('protection.test.title')} maxWidth="md">
      <BackToOverview />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {t('protection.test.intro', { percent: KNOWLEDGE_PASS_PERCENT, years: KNOWLEDGE_VALID_YEARS })}
      </Typography>
      <QueryStatus
        pending={profileQuery.isPending}
        loading={t('protection.loading')}
        failed={profileQuery.error ? t('protection.loadFailed') : null}
      />
      {profile && sophisticated ? (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('protection.overview.testNotNeeded')}
        </Alert>
      ) : null}
      {profile && !sophisticated && !showQuestions && !result ? (
        <LastTest profile={profile} onRetake={retake} />
      ) : null}
      {showQuestions || result ? (
        <TestBody
          headingRef={headingRef}
          result={result}
          onResult={(value) => {
            setResult(value);
            setRetaking(false);
          }}
          onRetake={retake}
          profile={profile}
        />
      ) : null}
    </Page>
  );
}

/** The latest test when the page opens on a taken one: its result, the warning if due, Retake. */
function LastTest({ profile, onRetake }: { profile: ProtectionProfile; onRetake: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const test = profile.knowledgeTest;
  const passed = test.status === 'passed';
  return (
    <Box component="section" aria-labelledby="test-last-title" sx={{ mt: 3 }}>
      <Typography id="test-last-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {t('protection.test.lastTitle')}
      </Typography>
      <Facts
        items={[
          { label: t('protection.overview.status'), value: t(`protection.testStatus.${test.status}`) },
          ...(test.score !== null
            ? [
                {
                  label: t('protection.overview.score'),
                  value: t('protection.percent', { value: test.score }),
                },
              ]
            : []),
          { label: t('protection.overview.takenAt'), value: formatDate(test.takenAt, lang) },
          ...(passed
            ? [{ label: t('protection.overview.validUntil'), value: formatDate(test.validUntil, lang) }]
            : []),
        ]}
      />
      {test.status === 'failed' ? <RiskWarning acknowledgedAt={profile.riskAcknowledgedAt} /> : null}
      <Button variant="outlined" onClick={onRetake} sx={{ mt: 2 }}>
        {t('protection.test.retake')}
      </Button>
      <WhatNext profile={profile} />
    </Box>
  );
}

function TestBody({
  headingRef,
  result,
  onResult,
  onRetake,
  profile,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  result: { result: KnowledgeTestResult; answers: Record<string, string> } | null;
  onResult: (value: { result: KnowledgeTestResult; answers: Record<string, string> }) => void;
  onRetake: () => void;
  profile: ProtectionProfile | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = languageCode(i18n.language);
  const { data: questions, isPending, error } = useKnowledgeTest(lang);
  return (
    <>
      <QueryStatus
        pending={isPending}
        loading={t('protection.test.loading')}
        failed={error ? t('protection.test.loadFailed') : null}
      />
      {questions && result ? (
        <TestResult
          questions={questions}
          result={result.result}
          answers={result.answers}
          onRetake={onRetake}
          profile={profile}
        />
      ) : null}
      {questions && !result ? (
        <QuestionsForm questions={questions} headingRef={headingRef} onResult={onResult} />
      ) : null}
    </>
  );
}

function QuestionsForm({
  questions,
  headingRef,
  onResult,
}: {
  questions: KnowledgeQuestion[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onResult: (value: { result: KnowledgeTestResult; answers: Record<string, string> }) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const lang = languageCode(i18n.language);
  const { mutateAsync: submitTest, isPending: sending } = useSubmitKnowledgeTest(lang);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const unanswered = questions
    .map((question, index) => ({ question, number: index + 1 }))
    .filter(({ question }) => !answers[question.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    const [first] = unanswered;
    if (first) {
      formRef.current
        ?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(first.question.id)}"]`)
        ?.focus();
      return;
    }
    const sent = { ...answers };
    try {
      const result = await submitTest(sent);
      onResult({ result, answers: sent });
    } catch (error) {
      const message = failureText(i18n, error, {
        fallback: t('protection.test.submitFailed'),
        noResponse: t('auth.errors.noResponse'),
      });
      setFailure(message);
      toast.error(message, APP_TOAST_MS);
    }
  };

  return (
    <Box
      component="form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="test-questions-title"
      sx={{ mt: 3 }}
    >
      <Typography
        id="test-questions-title"
        ref={headingRef}
        tabIndex={-1}
        component="h2"
        variant="h5"
        sx={{ fontWeight: 700, outline: 'none' }}
      >
        {t('protection.test.questionsTitle', { total: questions.length })}
      </Typography>
      {questions.map((question, index) => {
        const missing = checked && !answers[question.id];
        const errorId = `question-${question.id}-error`;
        return (
          <Paper key={question.id} variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 2 }}>
            <FormControl component="fieldset" error={missing} fullWidth>
              <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 1 }}>
                {t('protection.test.questionLabel', { number: index + 1, text: question.text })}
              </FormLabel>
              <RadioGroup
                name={question.id}
                value={answers[question.id] ?? ''}
                onChange={(event) =>
                  setAnswers((previous) => ({ ...previous, [question.id]: event.target.value }))
                }
                aria-describedby={missing ? errorId : undefined}
              >
                {question.options.map((option) => (
                  <FormControlLabel
                    key={option.id}
                    value={option.id}
                    control={<Radio />}
                    label={option.text}
                    disabled={sending}
                    sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, my: 0.5 }}
                  />
                ))}
              </RadioGroup>
              {missing ? (
                <FormHelperText id={errorId}>{t('protection.test.chooseAnswer')}</FormHelperText>
              ) : null}
            </FormControl>
          </Paper>
        );
      })}
      {checked && unanswered.length > 0 ? (
        <Alert severity="error" role="alert" sx={{ mt: 3 }}>
          {t('protection.test.unanswered', { numbers: unanswered.map(({ number }) => number).join(', ') })}
        </Alert>
      ) : null}
      {failure ? (
        <Box sx={{ mt: 3 }}>
          <FailureAlert failure={failure} />
        </Box>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={sending} sx={{ mt: 3 }}>
        {sending ? t('protection.test.submitting') : t('protection.test.submit')}
      </Button>
    </Box>
  );
}

function TestResult({
  questions,
  result,
  answers,
  onRetake,
  profile,
}: {
  questions: KnowledgeQuestion[];
  result: KnowledgeTestResult;
  answers: Record<string, string>;
  onRetake: () => void;
  profile: ProtectionProfile | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const byId = new Map(questions.map((question) => [question.id, question]));
  const optionText = (question: KnowledgeQuestion | undefined, optionId: string | undefined) =>
    question?.options.find((option) => option.id === optionId)?.text ?? '-';

  return (
    <Box component="section" aria-labelledby="test-result-title" sx={{ mt: 3 }}>
      <Typography
        id="test-result-title"
        ref={titleRef}
        tabIndex={-1}
        component="h2"
        variant="h5"
        sx={{ fontWeight: 700, outline: 'none' }}
      >
        {t('protection.test.resultTitle')}
      </Typography>
      <Alert severity={result.passed ? 'success' : 'error'} sx={{ mt: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>
          {result.passed
            ? t('protection.test.passed', { score: result.score })
            : t('protection.test.failed', { score: result.score, percent: KNOWLEDGE_PASS_PERCENT })}
        </Typography>
        {result.passed ? (
          <Typography variant="body2">
            {t('protection.test.validUntil', {
              date: formatDate(result.validUntil, lang),
              years: KNOWLEDGE_VALID_YEARS,
            })}
          </Typography>
        ) : null}
        {result.topicsMissed.length > 0 ? (
          <Typography variant="body2">
            {t('protection.test.topicsMissed', {
              topics: result.topicsMissed.map((topic) => t(`protection.topics.${topic}`)).join(', '),
            })}
          </Typography>
        ) : null}
      </Alert>

      {result.passed ? (
        <WhatNext profile={profile} />
      ) : (
        <>
          <RiskWarning acknowledgedAt={profile?.riskAcknowledgedAt ?? null} />
          <Button variant="outlined" onClick={onRetake} sx={{ mt: 2 }}>
            {t('protection.test.retake')}
          </Button>
          {profile?.riskAcknowledgedAt ? <WhatNext profile={profile} /> : null}
        </>
      )}

      <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mt: 4 }}>
        {t('protection.test.explainedTitle')}
      </Typography>
      <Box component="ol" sx={{ pl: 0, listStyle: 'none', m: 0 }}>
        {result.explanations.map((explanation, index) => {
          const question = byId.get(explanation.questionId);
          return (
            <Paper
              component="li"
              key={explanation.questionId}
              variant="outlined"
              sx={{
                p: { xs: 2, md: 3 },
                mt: 2,
                borderLeft: 4,
                borderLeftColor: explanation.correct ? 'success.main' : 'error.main',
              }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {t('protection.test.questionLabel', { number: index + 1, text: question?.text ?? '' })}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.75,
                  mt: 1,
                  fontWeight: 600,
                  color: explanation.correct ? 'success.dark' : 'error.dark',
                }}
              >
                {explanation.correct ? (
                  <CheckCircleIcon fontSize="small" aria-hidden="true" />
                ) : (
                  <CancelIcon fontSize="small" aria-hidden="true" />
                )}
                {explanation.correct ? t('protection.test.right') : t('protection.test.wrong')}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('protection.test.yourAnswer', {
                  answer: optionText(question, answers[explanation.questionId]),
                })}
              </Typography>
              {explanation.correct ? null : (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('protection.test.rightAnswer', {
                    answer: optionText(question, explanation.correctOptionId),
                  })}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {explanation.text}
              </Typography>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * Art. 21(5): after a failed test the investor is told that the services may be inappropriate for
 * them and gets the risk warning, shown until they acknowledge it (POST
 * /api/protection/risk-acknowledgement); then the day of the acknowledgement.
 */
function RiskWarning({ acknowledgedAt }: { acknowledgedAt: string | null }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { mutateAsync: acknowledge, isPending } = useAcknowledgeRisk(languageCode(i18n.language));
  const [failure, setFailure] = useState<string | null>(null);

  if (acknowledgedAt) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('protection.warning.acknowledgedOn', { date: formatDate(acknowledgedAt, i18n.language) })}
      </Alert>
    );
  }

  const confirm = async () => {
    setFailure(null);
    try {
      await acknowledge();
      toast.success(t('protection.warning.acknowledged'), APP_TOAST_MS);
    } catch (error) {
      const message = failureText(i18n, error, {
        fallback: t('protection.warning.failed'),
        noResponse: t('auth.errors.noResponse'),
      });
      setFailure(message);
      toast.error(message, APP_TOAST_MS);
    }
  };

  return (
    <Alert
      severity="warning"
      role="region"
      aria-labelledby="risk-warning-title"
      sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography id="risk-warning-title" component="h3" variant="h6" sx={{ fontWeight: 700 }}>
        {t('protection.warning.title')}
      </Typography>
      <Typography sx={{ fontWeight: 700, mt: 1 }}>{t('protection.warning.text')}</Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('protection.warning.inappropriate')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('protection.warning.choice')}
      </Typography>
      {failure ? (
        <Box sx={{ mt: 1 }}>
          <FailureAlert failure={failure} />
        </Box>
      ) : null}
      <Button variant="contained" color="warning" onClick={confirm} disabled={isPending} sx={{ mt: 2 }}>
        {isPending ? t('protection.warning.acknowledging') : t('protection.warning.acknowledge')}
      </Button>
    </Alert>
  );
}

export { KnowledgeTestPage as Component };
