#!/usr/bin/env python3
"""Writes a fixture file (docs/fixtures.md) with one large organization, for bench/paging.sh.

One organization, `bench-org` in site `demo` (the demo data set must be loaded first), and N
members `m-000001` ... with realistic, often repeated first and last names: many members share a
last name, and many share both names, so the keyset's later columns (first name, then the account
id) decide the order as they would in a real school district. Members have no user name and no
password, so loading does no password hashing.

The output is deterministic: the same N and seed give the same bytes.

Usage: bench/members_fixture.py [--members N] [--seed S] OUT.json
"""

import argparse
import json
import random

# Common US surnames, roughly in order of frequency; drawn with weights that fall off with rank
# (Zipf-like), so the first ones repeat thousands of times in 100,000 members.
LAST_NAMES = """
Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans
Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez
Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks
Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers
Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson
Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds
Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens
Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells
Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon
Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd
Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens
Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen
Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley
Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras
Willis Carpenter Lawrence Sandoval O'Brien Nakamura Dubois Kowalski Müller Østergaard
""".split()

FIRST_NAMES = """
Liam Olivia Noah Emma Oliver Charlotte James Amelia Elijah Sophia William Isabella Henry Ava
Lucas Mia Benjamin Evelyn Theodore Luna Mateo Harper Levi Camila Sebastian Sofia Daniel Scarlett
Jack Elizabeth Michael Eleanor Alexander Emily Owen Chloe Asher Mila Samuel Violet Ethan Penelope
Leo Gianna Jackson Aria Mason Abigail Ezra Ella John Avery Hudson Hazel Luca Nora Aiden Layla
Joseph Lily David Aurora Jacob Nova Logan Ellie Luke Madison Julian Grace Gabriel Isla Grayson
Willow Wyatt Zoe Matthew Riley Maverick Stella Dylan Emilia Isaac Victoria Elias Hannah Anthony
Addison Thomas Leah Jayden Lucy Carter Eliana Santiago Ivy Ezekiel Everly Charles Lillian Josiah
Paisley Caleb Elena Cooper Naomi Lincoln Maya Miles Natalie Christopher Kinsley Nathan Delilah
Isaiah Claire Kai Audrey Joshua Aaliyah Andrew Ruby Angel Brooklyn Adrian Alice Cameron Aubrey
Nolan Autumn Waylon Leilani Jaxon Savannah Roman Valentina Eli Kennedy Wesley Madelyn Aaron Josephine
Ian Bella Christian Skylar Ryan Genesis Leonardo Sophie Brooks Hailey Axel Sadie Walker Natalia
Jonathan Quinn Easton Caroline Everett Allison Weston Gabriella Bennett Anna Robert Serenity
Jameson Nevaeh Landon Cora Silas Ariana Jose Emery Beau Lydia Micah Jade Colton Sarah Jordan
Eva Jeremiah Adeline Parker Madeline Greyson Piper Rowan Rylee Adam Athena Nicholas Peyton
Théo Zoë José Siobhán
""".split()


def weighted(names, exponent):
    """Cumulative weights for random.choices: rank r gets 1 / r**exponent."""
    total, cumulative = 0.0, []
    for rank in range(1, len(names) + 1):
        total += 1.0 / rank**exponent
        cumulative.append(total)
    return cumulative


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the fixture file to write")
    parser.add_argument("--members", type=int, default=100_000, help="how many members (100000)")
    parser.add_argument("--seed", type=int, default=2, help="random seed (2)")
    parser.add_argument(
        "--sponsor",
        help="USER:PASSWORD of a sponsor of the organization to add (bench/organizations.sh)",
    )
    args = parser.parse_args()
    if not 1 <= args.members <= 999_999:
        parser.error("--members must be 1 to 999999")

    rng = random.Random(args.seed)
    last_weights = weighted(LAST_NAMES, 0.75)
    first_weights = weighted(FIRST_NAMES, 0.6)
    lasts = rng.choices(LAST_NAMES, cum_weights=last_weights, k=args.members)
    firsts = rng.choices(FIRST_NAMES, cum_weights=first_weights, k=args.members)

    fixture = {
        "organizations": [
            {
                "organizationId": "bench-org",
                "organizationName": "Bench Unified School District",
                "organizationType": "school",
                "site": "demo",
                "country": "US",
            }
        ],
        "users": [
            {
                "userAccountId": f"m-{i + 1:06d}",
                "site": "demo",
                "roles": ["organizationMember"],
                "firstName": firsts[i],
                "lastName": lasts[i],
                "organizationId": "bench-org",
                "grade": "05",
                "dateOfBirth": "2012-03-04",
            }
            for i in range(args.members)
        ],
    }
    if args.sponsor:
        user, password = args.sponsor.split(":", 1)
        fixture["organizations"][0]["primaryContact"] = user
        fixture["users"].append(
            {
                "userName": user,
                "password": password,
                "site": "demo",
                "roles": ["organizationSponsor"],
                "firstName": "Bench",
                "lastName": "Sponsor",
                "organizationId": "bench-org",
            }
        )
        # Every third member in good standing, so that the alerts differ from member to member.
        for member in fixture["users"][: args.members : 3]:
            member["subscriptionStatus"] = "active"
            member["proofOfDisabilityStatus"] = "active"
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(fixture, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
