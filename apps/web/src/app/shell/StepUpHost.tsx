/** Answers the API client's step-up questions (lib/step-up.ts) with the dialog, loaded when first needed. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { answerStepUps } from '../../lib/step-up';

const StepUpDialog = lazy(() => import('./StepUpDialog'));

export function StepUpHost() {
  const [answer, setAnswer] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => answerStepUps(() => new Promise<boolean>((resolve) => setAnswer(() => resolve))), []);
  if (answer === null) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        finish={(confirmed) => {
          answer(confirmed);
          setAnswer(null);
        }}
      />
    </Suspense>
  );
}
