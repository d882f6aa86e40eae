import type { ContentPageData } from '../types.ts';

export const INSTALLATION_PAGE: ContentPageData = {
  slug: 'installation',
  title: 'Installation Guide',
  intro:
    'Install the GarageGuard system yourself in about two hours: the indoor unit on your opener, the outdoor camera unit above the door, and the app that ties them together. No wiring into mains is needed.',
  sections: [
    {
      heading: 'Before you start',
      paragraphs: [
        'Most installs take under two hours with basic tools. If you would rather not do it yourself, installation is free — contact support and we will book a technician.',
      ],
      list: [
        'A drill with 6 mm masonry and 3 mm wood bits, a Phillips screwdriver and a step ladder',
        'Your Wi-Fi name and password (2.4 GHz network; the units do not join 5 GHz-only networks)',
        'The GarageGuard app installed on your phone, and a GarageGuard account',
        'A working garage door opener with a wall button (GarageGuard works with most openers sold since 1993)',
      ],
      note: {
        tone: 'warning',
        title: 'Safety first',
        text: 'Unplug the opener motor before you touch its terminals, keep children and pets away from the door while you test it, and never stand under a moving door. If your door has broken springs or cables, have them repaired by a professional before installing.',
      },
    },
    {
      heading: 'Step 1: Install the indoor unit',
      steps: [
        { title: 'Unplug the opener', text: 'Disconnect the opener motor from power and wait until its light goes out.' },
        {
          title: 'Mount the indoor unit',
          text: 'Fix the mounting plate to the ceiling or wall within 1 m of the motor with the two supplied screws, then click the indoor unit onto the plate.',
        },
        {
          title: 'Connect it to the opener',
          text: 'Run the two-wire cable from the unit’s OPEN terminals to the opener’s wall-button terminals (the same terminals your wall button uses; polarity does not matter). Leave the wall button connected.',
        },
        {
          title: 'Attach the door sensor',
          text: 'Stick the tilt sensor to the top panel of the door with its arrow pointing up. It tells the system whether the door is open or closed.',
        },
        { title: 'Power up', text: 'Plug in the opener and the indoor unit’s power adapter. The status LED blinks blue when the unit is ready to pair.' },
      ],
    },
    {
      heading: 'Step 2: Install the outdoor camera unit',
      steps: [
        {
          title: 'Pick the spot',
          text: 'Above or beside the garage door, 2–3 m high, facing the driveway. The 160° lens covers the full width of a double door from there.',
        },
        {
          title: 'Mount the bracket',
          text: 'Drill two holes using the paper template, insert the wall plugs and screw the bracket on. Tilt the camera slightly down so the driveway fills the picture.',
        },
        {
          title: 'Power it',
          text: 'Connect the outdoor unit to its weatherproof power supply, or to the Solar Panel Kit for a cable-free install. The Backup Battery Pack keeps it running during power cuts.',
        },
      ],
    },
    {
      heading: 'Step 3: Pair with the app',
      steps: [
        { title: 'Add a device', text: 'In the GarageGuard app, open Devices and tap Add Device, then choose Indoor Unit.' },
        { title: 'Scan the code', text: 'Scan the QR code on the back of the unit and enter your Wi-Fi password when asked.' },
        { title: 'Repeat for the camera', text: 'Add the outdoor unit the same way. Both devices show as Online when pairing has finished.' },
        {
          title: 'Test it',
          text: 'Open and close the door from the app twice, and check that the door sensor reports Open and Closed correctly and the camera shows a live picture.',
        },
      ],
    },
    {
      heading: 'Troubleshooting',
      list: [
        'Status LED blinking red: the unit cannot reach your Wi-Fi. Move the router closer or add a range extender, then retry pairing.',
        'The door does not move from the app: check the two-wire cable on both ends and that your wall button still works.',
        'To start over, hold the reset button on the back of the unit for 6 seconds until the LED changes colour, then pair again.',
      ],
    },
  ],
  cta: { label: 'Browse the FAQ', to: '/support/faq' },
};
