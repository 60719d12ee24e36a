// Sample air articles for the development seed; src/seed/sampleArticles.ts gives them their category and the
// fields left out their defaults (SAMPLE_DEFAULTS).
import type { SampleInput } from "../sampleArticles.js";

export const airArticles: SampleInput[] = [
  {
    title: "Air Force Pauses Trainer Jet Flights After Ejection Seat Component Issue",
    slug: "air-force-pauses-trainer-jet-flights-after-ejection-seat-component-issue",
    excerpt: "Flights of part of the service's jet trainer fleet have been paused while maintainers inspect an ejection seat component, officials said. No accident has been reported.",
    content: `The U.S. Air Force has temporarily paused flight operations for part of its jet trainer fleet while maintainers inspect a component in the aircraft's ejection seats, the service said on Thursday. Officials stressed that the pause was **precautionary** and that no accident or injury had prompted it.

According to a statement from Air Education and Training Command, the issue was identified during routine maintenance, when technicians found a cartridge-actuated device that did not meet specifications. The component is part of the sequence that fires the seat and deploys the parachute in an emergency.

**What the pause means:**

- Affected aircraft will be inspected one by one and returned to flight once cleared
- Student pilots' training schedules will be adjusted, with more time in simulators
- Other aircraft types are not affected, though similar components are being reviewed

The Air Force has been grappling with a pilot shortage for years, and any interruption to undergraduate pilot training adds pressure on a pipeline already running below its targets. Officials said they expect most aircraft to return to flight within days, though the precise timeline depends on the supply of replacement parts.

Ejection seat issues have led to several fleet-wide inspections across U.S. and allied air forces in recent years, typically involving cartridges or other pyrotechnic components with limited shelf lives. Manufacturers and government agencies track these parts by lot number, which in many cases allows targeted inspections rather than fleet-wide groundings.

The service said it would provide further updates as inspections progress. Pilots and maintainers have been briefed, and the finding has been reported through the Air Force's safety reporting system so that other operators of similar seats can check their own inventories.`,
    isBreaking: true,
    hoursAgo: 3,
  },
  {
    title: "F-35 Deliveries Accelerate After Software Upgrade Clears Key Testing Hurdle",
    slug: "f-35-deliveries-accelerate-after-software-upgrade-clears-key-testing-hurdle",
    excerpt: "The delivery pace for the F-35 has picked up after the Technology Refresh 3 hardware and software package cleared a testing milestone, easing pressure on customers waiting for jets.",
    content: `Deliveries of F-35 fighters have picked up pace after the aircraft's latest hardware and software package cleared an important testing milestone, according to the Pentagon's F-35 Joint Program Office. The move eases a backlog of jets that had been built but could not be handed over to customers.

## The background

The programme held back most deliveries for an extended period because of delays in Technology Refresh 3 (TR-3), an upgrade to the jet's core processor, memory and display systems. TR-3 is the foundation for Block 4, a broader modernisation that adds new weapons, sensors and electronic-warfare capabilities. Jets produced with TR-3 hardware could not be delivered until the software was stable enough for training.

During the pause, completed aircraft were parked at Lockheed Martin's facility in Fort Worth, Texas, and at other locations. The government withheld part of the payment for each jet until the full TR-3 capability is delivered.

## What has changed

- A software build has been certified for training use by U.S. and international operators
- Delivered aircraft will receive further updates to unlock full combat capability
- The programme office says it is tracking remaining software deficiencies closely

> "Getting jets into the hands of the warfighter is the priority, but we will not accept aircraft that do not meet the standard we need," a programme office spokesperson said.

## Impact on international customers

Several allied air forces are awaiting aircraft for new squadrons. Delays have affected training plans and, in some cases, the retirement schedules of older fighters. European customers in particular have pressed for clarity as they replace ageing F-16s and F/A-18s, and some have adjusted pilot training pipelines to keep crews current while they wait.

## What's next?

The Government Accountability Office has warned that Block 4 remains behind schedule and over budget. Congress is expected to continue scrutinising the programme, including by tying some funding to progress on software. More [air power coverage](/category/air).`,
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/fighter.svg",
    imageAlt: "Illustration of a stealth fighter jet banking against a clear sky",
    hoursAgo: 26,
  },
  {
    title: "Collaborative Combat Aircraft Prototypes Fly in Formation With Crewed Fighter",
    slug: "collaborative-combat-aircraft-prototypes-fly-in-formation-with-crewed-fighter",
    excerpt: "Two prototype uncrewed wingmen flew alongside a crewed fighter during a test in California, a milestone for the Air Force's effort to field large numbers of low-cost drones.",
    content: `The U.S. Air Force's Collaborative Combat Aircraft (CCA) programme has reached a new milestone, with two prototype uncrewed jets flying in formation with a crewed fighter during testing in California. The flight is a step toward fielding large numbers of relatively low-cost drones to work alongside fighters.

## A new kind of force structure

CCAs are intended to perform missions such as scouting, electronic attack, acting as decoys and carrying extra weapons for crewed fighters. The Air Force has said it could eventually buy more than 1,000 of them, though the final number depends on cost and on how well the concept performs in testing.

### Key design goals

- A unit cost that is a fraction of a modern fighter
- Autonomy software that allows one pilot to direct several aircraft
- Modular payloads that can be swapped depending on the mission
- Reduced maintenance and basing requirements

## How the test worked

During the flight, a pilot in a crewed fighter assigned tasks to the two prototypes, which then planned and executed their own flight paths within limits set by test engineers. Safety pilots on the ground monitored the aircraft and could intervene if needed.

> "The goal was not to show a drone can fly. We know that. It was to show the team can work together as a package," an Air Force test official said.

## Increment 1 and beyond

A production decision for Increment 1 aircraft is expected soon, with competing prototypes from Anduril and General Atomics. A second increment, with different capabilities and potentially more companies involved, is being planned. Several allied air forces are studying the concept and have expressed interest in cooperating.

## Open questions

Analysts note that important questions remain unresolved: how to protect data links from jamming, how much autonomy commanders will accept, and how to train pilots to lead a team of drones in combat. Budget pressures could also affect the pace of procurement.`,
    contentTier: "detailed_report",
    author: "Priya Raman",
    hoursAgo: 90,
  },
  {
    title: "Sixth-Generation Fighters Compared: GCAP, FCAS and the U.S. Programmes at a Crossroads",
    slug: "sixth-generation-fighters-compared-gcap-fcas-and-the-us-programmes-at-a-crossroads",
    excerpt: "Three major efforts aim to field next-generation combat aircraft in the 2030s and 2040s. They differ sharply in industrial structure, cost-sharing and risk. A comparative look.",
    content: `Three major efforts are under way to develop the combat aircraft that will dominate the skies in the middle of this century: the Global Combat Air Programme (GCAP), led by the United Kingdom, Italy and Japan; the Future Combat Air System (FCAS, or SCAF in French), led by France, Germany and Spain; and the next-generation programmes of the U.S. Air Force and Navy. Each aims to field a new fighter as the centrepiece of a wider system of systems. Each faces different risks.

## At a glance

| Programme | Partners | Target in-service date | Industrial lead(s) | Main risk |
|---|---|---|---|---|
| GCAP | UK, Italy, Japan | 2035 | BAE Systems, Leonardo, Mitsubishi Heavy Industries | Funding stability and tri-national governance |
| FCAS / SCAF | France, Germany, Spain | 2040s | Dassault Aviation, Airbus | Workshare disputes and design leadership |
| F-47 | United States (Air Force) | 2030s | Boeing | Cost and competing budget priorities |
| F/A-XX | United States (Navy) | 2030s | Under competition | Funding and timing of the award |

## Common ambitions

Despite their differences, the programmes share many goals:

- **Range and payload** suited to large theatres such as the Pacific
- **Advanced signature management** across radar and infrared bands
- **Open mission systems** that can be updated quickly with new software
- **Teaming with uncrewed aircraft**, which take on some high-risk roles
- **Data fusion** that turns large volumes of sensor information into decisions for the pilot

## GCAP: speed through pragmatism

GCAP has moved quickly since Japan merged its F-X programme with the UK-Italian Tempest effort in 2022. The partners created an international government organisation and a joint industrial company to manage the programme. The main challenge is sustaining funding in three countries with competing priorities, and agreeing how to divide work and intellectual property fairly.

## FCAS: politics before engineering

FCAS has struggled with repeated disputes between France and Germany over workshare and leadership of the fighter design. The phased structure of the programme means each step requires fresh agreement between governments and industry. Supporters argue that, once resolved, the programme will give Europe a sovereign capability for decades; critics warn that delays could keep Rafale and Eurofighter fleets in service longer than planned.

## The United States: two services, two fighters

The Air Force selected Boeing for its F-47 after a long period of uncertainty about whether the programme would proceed at all. The Navy's F/A-XX faces its own funding and timing questions. Both services are counting on large numbers of uncrewed collaborative aircraft to complement a relatively small fleet of expensive crewed fighters.

> "The fighter is the visible tip of a much larger iceberg of sensors, networks and drones," a European air force officer said. "Whoever integrates the iceberg best wins, not whoever builds the best airframe."

## Cost, schedule and risk

Historical experience suggests that new combat aircraft rarely meet their original schedules and budgets, and the risk is higher when several nations share a programme. On the other hand, sharing costs makes aircraft affordable that no single European nation could fund alone.

## What to watch

1. Contract awards for the next design phases of GCAP and FCAS
2. Whether additional partners join either European programme
3. Progress of U.S. collaborative combat aircraft, which will shape requirements
4. Defence budget decisions in Berlin, Paris, London, Rome and Tokyo

Whichever programme flies first, the next generation of air power will be defined less by the fighter and more by the network it leads. Further reading: [air coverage](/category/air).`,
    contentTier: "premium_analysis",
    author: "Rachel Moreau",
    isPremium: true,
    hoursAgo: 230,
  },
  {
    title: "Allied Jets Scramble Repeatedly in Busy Week for NATO Baltic Air Policing",
    slug: "allied-jets-scramble-repeatedly-in-busy-week-for-nato-baltic-air-policing",
    excerpt: "NATO fighters based in the Baltic states launched several times over the past week to identify military aircraft flying without transponders or flight plans, the alliance said.",
    content: `NATO fighter jets based in the Baltic states scrambled several times over the past week to identify and escort military aircraft flying near allied airspace, according to the alliance's Allied Air Command. In most cases the aircraft were flying in international airspace without filed flight plans, with transponders switched off and without radio contact with air traffic control.

The intercepts were carried out by fighters assigned to the Baltic Air Policing mission. Because Estonia, Latvia and Lithuania do not operate their own fighter jets, allied air forces have taken turns protecting their airspace since the three countries joined NATO in 2004. Current detachments are based at Šiauliai in Lithuania and Ämari in Estonia.

**How a typical intercept works:**

1. Radar operators detect an aircraft that is not communicating with civil air traffic control
2. The Combined Air Operations Centre orders fighters on quick reaction alert to launch
3. Pilots visually identify the aircraft and shadow it until it leaves the area
4. Details are recorded and, where appropriate, reported to national authorities

Alliance officials describe most intercepts as routine and professional. However, such flights pose risks to civil aviation, because aircraft without active transponders do not appear clearly on civilian air traffic control screens.

The air policing mission has been reinforced since 2022, with additional fighters in the region and closer cooperation with Nordic air forces following the accession of Finland and Sweden to NATO. Exercises have also tested the ability to operate from dispersed bases and highway strips.

Allied Air Command publishes intercept statistics periodically. Officials said the volume of activity remained consistent with recent months and did not indicate a significant change in behaviour.`,
    author: "Sofia Lindqvist",
    hoursAgo: 540,
  },
];
