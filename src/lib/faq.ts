// The four questions every customer asks first, answered once: the Support Center's FAQ tab and
// the public FAQ page (which adds more) both show them.
export interface FaqItem {
  question: string;
  answer: string;
}

export const CORE_FAQ: readonly FaqItem[] = [
  {
    question: 'How do I reset my garage door opener?',
    answer:
      'Hold the reset button on the back of the motor unit for 6 seconds until the LED changes. The unit restarts with its factory settings; pair it again from the app afterwards.',
  },
  {
    question: "Why won't my garage door open?",
    answer:
      'Check that the opener has power, that the emergency release is not engaged (the door must be reconnected to the trolley), that the remote batteries are not flat, and that the wall button works. If the wall button opens the door but the app does not, check the indoor unit’s connection in the app.',
  },
  {
    question: 'How often should I perform maintenance?',
    answer:
      'Do monthly visual inspections (springs, cables, rollers and the door sensor) and quarterly checks: test the auto-reverse safety feature, lubricate moving parts and clean the camera lens.',
  },
  {
    question: 'Can I control multiple garage doors?',
    answer: 'Yes. You can control up to 3 garage doors per account, each with separate access permissions and monitoring.',
  },
];
